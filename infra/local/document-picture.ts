import type { DocumentType } from '../../shared/src/domain/driver-documents';
import { seededRandom, seedOf } from './demo-history/seeded-random';
import { cameraLook, encodePng } from './png';

const WIDTH = 340;
const HEIGHT = 214; // an ID card's proportions (85.6 x 54 mm)
type Rgb = [number, number, number];

/** Each document's own look: a licence's pink, an insurance certificate's blue, a registration's green. */
const BAND: Record<DocumentType, Rgb> = { licence: [214, 92, 128], insurance: [52, 104, 176], registration: [60, 140, 96] };

/**
 * A demo driver's document as a photo of it: a card on a desk, its coloured band, a portrait on the
 * licence, lines of print and a signature, a little different for each seed, so an admin reviewing
 * the demo's documents sees documents, not coloured squares. No text: nothing on it claims to be real.
 */
export function documentPicture(type: DocumentType, seed: string): Buffer {
  const rand = seededRandom(seedOf(`${type}:${seed}`)).next;
  const px = new Uint8Array(WIDTH * HEIGHT * 3);
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(HEIGHT, y0 + h); y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(WIDTH, x0 + w); x++) {
        const i = (y * WIDTH + x) * 3;
        px[i] = c[0]; px[i + 1] = c[1]; px[i + 2] = c[2];
      }
    }
  };

  rect(0, 0, WIDTH, HEIGHT, [122, 96, 72]); // the desk
  const [cx, cy, cw, ch] = [14, 12, WIDTH - 28, HEIGHT - 24];
  rect(cx + 4, cy + 5, cw, ch, [84, 64, 48]); // its shadow
  rect(cx, cy, cw, ch, [244, 242, 236]);
  const band = BAND[type];
  rect(cx, cy, cw, 30, band);
  for (let x = cx + 10; x < cx + cw - 10; x += 9) rect(x, cy + 12, 5, 6, [band[0] + 30, band[1] + 30, band[2] + 30].map((v) => Math.min(255, v)) as Rgb);
  let textX = cx + 16;
  if (type === 'licence') {
    // The holder's portrait: a shoulders-and-head silhouette on a pale ground.
    rect(cx + 14, cy + 44, 78, 100, [206, 214, 224]);
    rect(cx + 38, cy + 62, 30, 34, [150, 118, 96]);
    rect(cx + 24, cy + 104, 58, 40, [70, 84, 110]);
    textX = cx + 108;
  }
  // Lines of print: a label then its value, in rows.
  for (let row = 0; row < 6; row++) {
    const y = cy + 46 + row * 16;
    rect(textX, y, 28 + rand() * 10, 3, [150, 150, 150]);
    rect(textX + 44, y - 1, 60 + rand() * (cx + cw - textX - 130), 5, [52, 52, 60]);
  }
  // A signature: a loose scribble.
  let y = cy + ch - 26;
  for (let x = textX; x < textX + 90; x++) {
    y += (rand() - 0.5) * 3;
    rect(x, Math.max(cy + ch - 34, Math.min(cy + ch - 14, y)), 1, 2, [30, 40, 90]);
  }
  cameraLook(px, WIDTH, HEIGHT, rand, { vignette: 0.3, noise: 8 });
  return encodePng(px, WIDTH, HEIGHT);
}
