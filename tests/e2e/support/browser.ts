import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { guardCsp } from './csp-guard';

/**
 * Debian's Chromium, never a downloaded one, started through a wrapper that keeps it from raising
 * its own priority (see the script: beside CI's other lanes it starved them); flags keep it off the
 * (closed) network. CHROMIUM_PATH names another binary to start as it is.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? join(dirname(fileURLToPath(import.meta.url)), 'chromium-fair-priority.sh'),
  headless: true,
  args: [
    '--no-sandbox', '--disable-gpu', '--force-prefers-reduced-motion', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
};

export async function launch(): Promise<Browser> {
  return guardCsp(await chromium.launch(CHROMIUM));
}

export const siteUrl = () => {
  const url = process.env.E2E_URL;
  if (!url) throw new Error('E2E_URL is not set; run through `npm run test:e2e`');
  return url;
};

export const SCREENSHOTS = resolve(process.cwd(), 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
