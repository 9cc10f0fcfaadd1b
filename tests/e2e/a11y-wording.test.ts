import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, signIn, unique } from './support/identity';
import { ok } from './support/page-api';

const WIDE = { width: 1366, height: 768 };
const SIZES = [['desktop', WIDE], ['phone', PHONE]] as const;

/**
 * The wording a rider, driver or admin reads: a push confirmation that is a sentence, a promo
 * form that flags every empty field at once, a register form that drops an error once the field
 * is corrected, and empty reports and lists that say what will show there and when.
 */
describe('accessibility and wording', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async (email?: string) => {
    const ctx = await browser.newContext({ viewport: WIDE });
    contexts.push(ctx);
    const page = await ctx.newPage();
    if (email) await signIn(page, email);
    return page;
  };
  const both = async (page: Page, name: string) => {
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await fullShot(page, `a11y-${name}-${size}`);
    }
    await page.setViewportSize(WIDE);
  };
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('the push confirmation reads as a sentence: "Send to all Android riders now?"', async () => {
    const admin = await newPage('admin@example.com');
    const title = `Weekend ${unique('push').tag}`;
    const made = await ok(admin, 'POST', '/notifications', { usertype: 'rider', devicetype: 'ANDROID', title, body: 'Rides are 20% off.' });
    await admin.goto(`${siteUrl()}/notifications`);
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.getByRole('radio').check();
    await admin.getByTestId('send-notification').click();
    const confirm = dialog(admin);
    await confirm.getByText('Send to all Android riders now?', { exact: true }).waitFor();
    await confirm.getByText(`Send "${title}"`, { exact: true }).waitFor();
    await both(admin, 'push-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await ok(admin, 'DELETE', `/notifications/${made.id}`).catch(() => undefined);
  }, 150_000);

  it('the promo form flags every empty required field at once', async () => {
    const admin = await newPage('admin@example.com');
    await admin.goto(`${siteUrl()}/promos`);
    await admin.getByTestId('add-promo').click();
    const form = dialog(admin);
    await form.getByTestId('promo-save').click();
    // Name, value, maximum discount, minimum order, validity and usage limit: six at once.
    await expect.poll(() => form.getByText('Required.', { exact: true }).count()).toBe(6);
    await both(admin, 'promo-required');
    // Typing into one field takes only that field's flag away.
    await form.getByTestId('promo-promo_name').locator('input').fill('SPRING');
    await expect.poll(() => form.getByText('Required.', { exact: true }).count()).toBe(5);
  }, 150_000);

  it('an error on /register goes away once its field is corrected', async () => {
    const visitor = await newPage();
    await visitor.goto(`${siteUrl()}/register`);
    const n = unique('fix');
    await visitor.getByLabel('First name', { exact: true }).fill('Cora');
    await visitor.getByLabel('Last name', { exact: true }).fill('Rect');
    await visitor.getByLabel('Email', { exact: true }).fill('cora.rect@');
    await visitor.getByLabel('Password', { exact: true }).fill('Rider1234');
    await visitor.getByLabel('Mobile', { exact: true }).fill(n.phone);
    await visitor.getByTestId('register-submit').click();
    const wrong = visitor.getByText('Please enter a valid email address.');
    await wrong.first().waitFor();
    await both(visitor, 'register-error');
    await visitor.getByLabel('Email', { exact: true }).fill(n.email);
    await expect.poll(() => wrong.count()).toBe(0);
    await both(visitor, 'register-corrected');
  }, 150_000);

  it('empty earnings reports and withdrawal lists say what will show there and when', async () => {
    const admin = await newPage('admin@example.com');
    // Demo data may already hold paid trips and requests: the server's answer as it reads with none.
    await admin.route('**/api/earnings/**', (r) => r.fulfill({ json: { items: [] } }));
    await admin.route('**/api/withdraws?**', (r) => r.fulfill({ json: { items: [] } }));
    await admin.route('**/api/withdraws', (r) => (r.request().method() === 'GET' ? r.fulfill({ json: { items: [] } }) : r.continue()));
    for (const [path, text] of [
      ['/earningreports', 'Each month\'s earnings show here once a trip of that month is paid.'],
      ['/driverearning', 'Each driver\'s earnings show here once one of their trips is paid.'],
      ['/withdraws', 'A driver\'s request to be paid out of the wallet shows here as soon as the driver makes it.'],
    ] as const) {
      await admin.goto(`${siteUrl()}${path}`);
      await admin.getByText(text, { exact: true }).waitFor();
      if (path !== '/withdraws') await admin.getByTestId(path === '/earningreports' ? 'earnings-chart' : 'driver-earnings-chart').getByText('No paid trips yet. The bars appear here once a trip is paid.', { exact: true }).waitFor();
      await both(admin, `empty${path.replace('/', '-')}`);
    }
    // The spec's 'No WITHDRAWS available.' keeps its words in the heading, not its capitals.
    expect(await admin.getByText('No withdraws available.', { exact: true }).count()).toBe(1);
    expect(await admin.getByText(/WITHDRAWS/).count()).toBe(0);
  }, 200_000);
});
