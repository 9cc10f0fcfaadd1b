import type { ReactElement } from 'react';

/** The kinds of vehicle a car type's name can say it is; a plain car when it says none. */
export type VehicleKind = 'car' | 'suv' | 'van' | 'bike';

const KIND_WORDS: readonly [VehicleKind, RegExp][] = [
  ['bike', /\b(bike|moto|motorbike|motorcycle|scooter|moped|two[- ]?wheeler)/i],
  ['van', /\b(van|truck|lorry|cargo|pickup truck|minibus|bus)\b/i],
  ['suv', /\b(suv|xl|4x4|jeep|family|comfort\s*xl|premium)\b/i],
];

/** What a car type's name says it is ("Van", "Moto Express", "SUV"…). */
export function vehicleKindOf(name: string): VehicleKind {
  return KIND_WORDS.find(([, words]) => words.test(name))?.[0] ?? 'car';
}

const BODY = '#3b6fb6';
const GLASS = '#d7e6f7';
const TYRE = '#2b2f36';
const HUB = '#c9ced6';

function Wheel({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={TYRE} />
      <circle cx={x} cy={y} r={r * 0.45} fill={HUB} />
    </g>
  );
}

/** Side views drawn for a 96 × 48 box; the ground is at y = 44. */
const DRAWINGS: Record<VehicleKind, () => ReactElement> = {
  car: () => (
    <>
      <path d="M6 35 L10 25 Q12 21 18 21 L30 20 L40 11 Q42 9 46 9 L66 9 Q70 9 73 12 L82 20 L88 21 Q94 22 94 28 L94 35 Q94 37 92 37 L8 37 Q6 37 6 35 Z" fill={BODY} />
      <path d="M33 20 L42 12 L55 12 L55 20 Z M58 12 L66 12 Q69 12 71 14 L77 20 L58 20 Z" fill={GLASS} />
      <rect x="88" y="25" width="5" height="3" rx="1" fill="#ffd166" />
      <Wheel x={24} y={37} r={7} />
      <Wheel x={76} y={37} r={7} />
    </>
  ),
  suv: () => (
    <>
      <path d="M5 35 L6 22 Q7 17 13 17 L26 16 L33 6 Q35 4 39 4 L70 4 Q74 4 76 7 L84 17 L89 18 Q94 19 94 25 L94 35 Q94 37 92 37 L7 37 Q5 37 5 35 Z" fill={BODY} />
      <path d="M29 16 L36 7 L52 7 L52 16 Z M55 7 L69 7 Q72 7 74 9 L80 16 L55 16 Z" fill={GLASS} />
      <rect x="88" y="22" width="5" height="3" rx="1" fill="#ffd166" />
      <rect x="30" y="2" width="36" height="2" rx="1" fill={TYRE} />
      <Wheel x={23} y={37} r={8} />
      <Wheel x={76} y={37} r={8} />
    </>
  ),
  van: () => (
    <>
      <path d="M4 35 L4 10 Q4 5 9 5 L64 5 Q69 5 72 8 L85 21 L91 23 Q94 24 94 28 L94 35 Q94 37 92 37 L6 37 Q4 37 4 35 Z" fill={BODY} />
      <path d="M67 9 L81 22 L67 22 Z" fill={GLASS} />
      <rect x="44" y="9" width="19" height="13" rx="2" fill={GLASS} />
      <path d="M40 8 L40 35" stroke="#2c5594" strokeWidth="1" />
      <rect x="88" y="26" width="5" height="3" rx="1" fill="#ffd166" />
      <Wheel x={20} y={37} r={7} />
      <Wheel x={76} y={37} r={7} />
    </>
  ),
  bike: () => (
    <>
      <Wheel x={20} y={34} r={10} />
      <Wheel x={76} y={34} r={10} />
      <path d="M20 34 L36 20 L60 20 L76 34" stroke={TYRE} strokeWidth="3" fill="none" strokeLinejoin="round" />
      <path d="M30 22 Q34 12 46 13 L58 14 Q62 15 60 20 L36 22 Z" fill={BODY} />
      <path d="M60 20 L66 8 L72 8" stroke={TYRE} strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="40" y="9" width="14" height="4" rx="2" fill={TYRE} />
    </>
  ),
};

/**
 * A car type's picture: its own image when it has one, else a drawing of the kind of vehicle its
 * name says it is. Decorative beside the car type's name (empty alt) unless `alt` is given.
 */
export function CarPicture({ name, image, height = 40, alt = '' }: { name: string; image?: string; height?: number; alt?: string }) {
  if (image) return <img src={image} alt={alt} height={height} style={{ maxWidth: height * 2, objectFit: 'contain' }} />;
  const kind = vehicleKindOf(name);
  const Drawing = DRAWINGS[kind];
  return (
    <svg
      viewBox="0 0 98 48"
      width={height * 2}
      height={height}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-vehicle-kind={kind}
      data-testid="car-picture"
    >
      <ellipse cx="50" cy="45" rx="44" ry="2.5" fill="#000" opacity="0.12" />
      <Drawing />
    </svg>
  );
}
