import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * `npx tsx scripts/make-icons.ts`: renders the brand's SVG marks (web/public/icons/*.svg) into the
 * PNG icons the web app manifest lists (192 and 512 px, and a maskable 512 px one whose mark sits
 * in the central safe zone). Browsers' install prompts and home screens want PNGs; the PNGs are
 * committed so a build needs no browser. Run it again after changing an SVG.
 */
const dir = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const outputs = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon.svg', png: 'apple-touch-icon.png', size: 180 },
];

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const { svg, png, size } of outputs) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const markup = readFileSync(dir + svg, 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
      writeFileSync(dir + png, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
      await page.close();
      console.log(`${png}: ${size}x${size}`);
    }
  } finally {
    await browser.close();
  }
}

main();
