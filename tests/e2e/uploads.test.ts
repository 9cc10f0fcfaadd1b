import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launch, PHONE } from './support/browser';
import { fillRegister, fullShot, unique } from './support/identity';

/**
 * A driver's large licence goes in parts with the spec §4 task states: running, then pausing (the
 * part in flight finishes), paused, running again, success. Parts are slowed down so the states
 * can be seen.
 */
describe('large upload in parts with pause and resume', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launch(); });
  afterAll(async () => { await browser?.close(); });

  it('registers a driver with an 11 MB licence, pausing and resuming on the way', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.route(/partNumber=/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const { email, phone } = unique('upload');
    await fillRegister(page, { firstName: 'Lena', lastName: 'Large', email, phone, password: 'Secret123' }, 'driver');
    const big = Buffer.alloc(11_000_000, 7);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(big);
    await page.locator('input[type="file"]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: big });
    await page.getByTestId('register-submit').click();

    const progress = page.getByTestId('upload-progress');
    await progress.and(page.locator('[data-state="running"]')).waitFor();
    await progress.getByRole('button', { name: 'Pause' }).click();
    await progress.and(page.locator('[data-state="paused"]')).waitFor({ timeout: 20_000 });
    await progress.scrollIntoViewIfNeeded();
    await fullShot(page, 'upload-paused-desktop');
    await page.setViewportSize(PHONE);
    await progress.scrollIntoViewIfNeeded();
    await fullShot(page, 'upload-paused-phone');
    expect(await progress.textContent()).toContain('Paused');

    await progress.getByRole('button', { name: 'Resume' }).click();
    await progress.and(page.locator('[data-state="running"]')).waitFor();
    await fullShot(page, 'upload-running-phone');
    await page.getByTestId('register-success').waitFor({ timeout: 60_000 });
    // Once stored, the progress and its text go: the page's own success message says it.
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await fullShot(page, 'upload-success-desktop');
    await page.setViewportSize(PHONE);
    await fullShot(page, 'upload-success-phone');
    await page.close();
  });
});
