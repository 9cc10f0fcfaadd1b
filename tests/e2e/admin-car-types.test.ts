import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, screenshot, siteUrl } from './support/browser';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo1234';

async function signIn(page: Page, email: string) {
  await page.goto(`${siteUrl()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
}

describe('admin sees the car types (foundation chain: Cognito → API → table → web)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launch(); });
  afterAll(async () => { await browser?.close(); });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`signs in and lists the seeded car types (${name})`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(siteUrl());
      await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('GoRide');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `landing-${name}`);

      await signIn(page, 'admin@example.com');
      await page.waitForURL('**/dashboard');
      await page.goto(`${siteUrl()}/cartypes`);
      for (const car of ['Economy', 'Comfort', 'Van']) {
        await page.getByText(car, { exact: true }).first().waitFor({ state: 'visible' });
      }
      await screenshot(page, `admin-car-types-${name}`);
      await page.close();
    });
  }

  it('sends an anonymous visitor of /cartypes to /login', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${siteUrl()}/cartypes`);
    await page.waitForURL('**/login');
    await screenshot(page, 'login-desktop');
    await page.close();
  });

  it('shows the server error for a wrong password', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${siteUrl()}/login`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    const alert = page.locator('[data-analytics-alert="error"]').first();
    await alert.waitFor({ state: 'visible' });
    expect(await alert.innerText()).toMatch(/sign-in failed/i);
    await screenshot(page, 'login-error-desktop');
    await page.close();
  });
});
