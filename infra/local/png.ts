import { deflateSync } from 'node:zlib';

/**
 * What a phone's camera leaves on a drawn RGB picture, in place: sensor noise of `noise` levels and
 * a soft vignette darkening the corners by up to `vignette` (a share of the brightness).
 */
export function cameraLook(rgb: Uint8Array, width: number, height: number, rand: () => number, look: { vignette: number; noise: number }): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      const v = 1 - look.vignette * (dx * dx + dy * dy);
      const n = (rand() - 0.5) * look.noise;
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.max(0, Math.min(255, Math.round(rgb[i + c]! * v + n)));
    }
  }
}

/**
 * An RGB picture (3 bytes a pixel, rows top to bottom) as a PNG file: the local cloud's drawn
 * pictures (the simulated drivers' parcel photos, the demo drivers' documents), made here so
 * nothing is downloaded and nothing has an owner.
 */
export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, body.length + 4);
  return out;
}
