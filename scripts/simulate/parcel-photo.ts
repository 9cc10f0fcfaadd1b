import { seededRandom, seedOf } from '../../infra/local/demo-history/seeded-random';
import { cameraLook, encodePng } from '../../infra/local/png';

/**
 * The simulated driver's photos: a parcel on the shop's counter at pickup and on a doorstep at the
 * drop, drawn here (so nothing is downloaded and nothing has an owner), a little different for each
 * trip, as a PNG a phone could have taken.
 */
export type PhotoScene = 'pickup' | 'delivery';

const WIDTH = 320;
const HEIGHT = 240;
type Rgb = [number, number, number];

export function parcelPhoto(scene: PhotoScene, seed: string): Buffer {
  const rand = seededRandom(seedOf(seed)).next;
  const px = new Uint8Array(WIDTH * HEIGHT * 3);
  const set = (x: number, y: number, c: Rgb) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    px[i] = c[0]; px[i + 1] = c[1]; px[i + 2] = c[2];
  };
  const shade = (c: Rgb, f: number): Rgb => [clamp(c[0] * f), clamp(c[1] * f), clamp(c[2] * f)];
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb, light = 0) => {
    for (let y = Math.round(y0); y < y0 + h; y++) {
      for (let x = Math.round(x0); x < x0 + w; x++) set(x, y, light ? shade(c, 1 + light * ((y - y0) / h - 0.5)) : c);
    }
  };
  const poly = (pts: [number, number][], c: Rgb) => {
    const ys = pts.map((p) => p[1]);
    for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [ax, ay] = pts[i]!;
        const [bx, by] = pts[(i + 1) % pts.length]!;
        if ((ay <= y && by > y) || (by <= y && ay > y)) xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) for (let x = Math.ceil(xs[k]!); x <= xs[k + 1]!; x++) set(x, y, c);
    }
  };

  const horizon = 150 + Math.floor(rand() * 20);
  if (scene === 'delivery') {
    // A house front: siding, a door with panels and a knob, a step and a doormat.
    const wall: Rgb = [[214, 206, 190], [190, 205, 214], [222, 214, 200]][Math.floor(rand() * 3)] as Rgb;
    rect(0, 0, WIDTH, horizon, wall, 0.25);
    for (let y = 6; y < horizon; y += 12) rect(0, y, WIDTH, 1, shade(wall, 0.86));
    const doorX = 90 + Math.floor(rand() * 40);
    const door: Rgb = [[120, 62, 40], [40, 70, 110], [50, 90, 60], [150, 30, 35]][Math.floor(rand() * 4)] as Rgb;
    rect(doorX - 6, 14, 102, horizon - 14, [245, 245, 240]);
    rect(doorX, 20, 90, horizon - 20, door, 0.3);
    for (const [x, y] of [[10, 14], [50, 14], [10, 70], [50, 70]] as const) rect(doorX + x, 20 + y, 30, 46, shade(door, 0.82));
    rect(doorX + 76, 20 + (horizon - 20) / 2, 6, 6, [212, 175, 55]);
    rect(doorX + 104, 60, 10, 14, [60, 60, 60]); // the house number plate
    rect(0, horizon, WIDTH, HEIGHT - horizon, [150, 148, 144], -0.3);
    rect(doorX - 14, horizon, 118, 14, [176, 172, 166]);
    rect(doorX + 5, horizon + 16, 80, 22, [92, 74, 58]);
  } else {
    // A shop: shelves of boxes behind a wooden counter.
    rect(0, 0, WIDTH, horizon, [232, 228, 220], 0.2);
    for (let shelf = 0; shelf < 3; shelf++) {
      const y = 30 + shelf * 40;
      rect(0, y + 28, WIDTH, 5, [140, 110, 80]);
      for (let x = 4; x < WIDTH - 30; x += 26 + Math.floor(rand() * 20)) {
        const h = 14 + Math.floor(rand() * 14);
        rect(x, y + 28 - h, 20 + Math.floor(rand() * 10), h, shade([190, 150, 100], 0.8 + rand() * 0.3));
      }
    }
    rect(0, horizon, WIDTH, HEIGHT - horizon, [168, 120, 76], 0.35);
    for (let y = horizon + 8; y < HEIGHT; y += 16) rect(0, y, WIDTH, 1, [140, 98, 60]);
  }

  // The parcel: a cardboard box in perspective, its tape and its label.
  const w = 90 + Math.floor(rand() * 40);
  const h = 50 + Math.floor(rand() * 25);
  const d = 22 + Math.floor(rand() * 10);
  const x0 = scene === 'delivery' ? 150 + Math.floor(rand() * 40) : 110 + Math.floor(rand() * 60);
  const y0 = (scene === 'delivery' ? horizon + 30 : horizon + 20) - h + Math.floor(rand() * 10);
  const card: Rgb = [196 + Math.floor(rand() * 20), 150 + Math.floor(rand() * 15), 96 + Math.floor(rand() * 12)];
  poly([[x0 + 6, y0 + h + 4], [x0 + w + d + 6, y0 + h + 4], [x0 + w + d + 12, y0 + h - d + 8], [x0 + 12, y0 + h - d + 8]], [70, 66, 60]); // shadow
  rect(x0, y0, w, h, card, 0.15);
  poly([[x0, y0], [x0 + d, y0 - d * 0.6], [x0 + w + d, y0 - d * 0.6], [x0 + w, y0]], shade(card, 1.12));
  poly([[x0 + w, y0], [x0 + w + d, y0 - d * 0.6], [x0 + w + d, y0 + h - d * 0.6], [x0 + w, y0 + h]], shade(card, 0.78));
  const tape: Rgb = [222, 200, 150];
  rect(x0 + w / 2 - 5, y0, 10, h, tape);
  poly([[x0 + w / 2 - 5, y0], [x0 + w / 2 - 5 + d, y0 - d * 0.6], [x0 + w / 2 + 5 + d, y0 - d * 0.6], [x0 + w / 2 + 5, y0]], shade(tape, 1.05));
  rect(x0 + 8, y0 + 10, 30, 20, [250, 250, 248]);
  for (let line = 0; line < 3; line++) rect(x0 + 11, y0 + 14 + line * 5, 18 + Math.floor(rand() * 6), 2, [60, 60, 70]);
  for (let bar = 0; bar < 12; bar++) if (rand() > 0.4) rect(x0 + 11 + bar * 2, y0 + 27, 1, 2, [20, 20, 20]);

  cameraLook(px, WIDTH, HEIGHT, rand, { vignette: 0.35, noise: 10 });
  return encodePng(px, WIDTH, HEIGHT);
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
