import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { DESKTOP, launch, PHONE, SCREENSHOTS, siteUrl } from './support/browser';
import { idTokenOf } from './support/page-api';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo1234';
const RUN = Date.now().toString(36).slice(-5);
const CAR = `Shuttle ${RUN}`;

/** What the visitor sees at the viewport size (1280x800 or 390x844), not a stitched full page. */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function signIn(page: Page, email: string) {
  await page.goto(`${siteUrl()}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('input[type="password"]').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function apiCall(page: Page, method: string, path: string, body?: unknown) {
  const token = await idTokenOf(page);
  const res = await fetch(`${siteUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Switches critical edits on or off through the API (used to leave the settings as found). */
async function setCriticalEdits(page: Page, on: boolean) {
  const { body } = await apiCall(page, 'GET', '/settings/all');
  const { version, ...settings } = body;
  if (settings.AllowCriticalEditsAdmin === on) return;
  const res = await apiCall(page, 'PUT', '/settings', { version, settings: { ...settings, AllowCriticalEditsAdmin: on } });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A 48x32 PNG: a blue rounded bar, drawn here so the test needs no fixture file. */
const SHUTTLE_PNG = (() => {
  const w = 48, h = 32;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const o = y * (w * 4 + 1) + 1 + x * 4;
      const inside = y > 8 && y < 26 && x > 2 && x < 45;
      raw[o] = inside ? 0x09 : 0; raw[o + 1] = inside ? 0x72 : 0; raw[o + 2] = inside ? 0xd3 : 0; raw[o + 3] = inside ? 255 : 0;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
})();

const dialog = (page: Page) => page.locator('[role="dialog"]:visible').last();

async function selectRow(page: Page, name: string) {
  await page.getByRole('radio', { name, exact: true }).check();
}

async function rowAction(page: Page, testId: string, action: string) {
  await page.getByTestId(testId).getByRole('button').first().click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function fillRows(box: Locator, rows: [string, string][]) {
  for (const [i, [first, amount]] of rows.entries()) {
    await box.getByRole('button', { name: /^Add / }).click();
    await box.getByRole('textbox').nth(i * 2).fill(first);
    await box.getByRole('textbox').nth(i * 2 + 1).fill(amount);
  }
}

describe('catalog and settings in the browser (issue 4)', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let adminPhone: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    admin = await browser.newContext({ viewport: DESKTOP });
    page = await admin.newPage();
    await signIn(page, 'admin@example.com');
    await setCriticalEdits(page, true);
    // The same session at phone width (Amplify keeps its tokens in localStorage).
    adminPhone = await browser.newContext({ viewport: PHONE, storageState: await admin.storageState() });
  });
  afterAll(async () => {
    if (page) {
      await setCriticalEdits(page, true).catch(() => undefined);
      // Leave no car type of this run behind.
      const { body } = await apiCall(page, 'GET', '/cartypes').catch(() => ({ body: { items: [] } }));
      for (const c of body.items ?? []) if (String(c.name).endsWith(RUN)) await apiCall(page, 'DELETE', `/cartypes/${c.id}`).catch(() => undefined);
    }
    await browser?.close();
  });

  it('an admin adds a car type, then its parcel types, options and cancellation slab in dialogs', async () => {
    await page.goto(`${siteUrl()}/cartypes`);
    await page.getByText('Economy', { exact: true }).first().waitFor();
    await page.getByTestId('add-car-type').click();
    const form = dialog(page);
    await form.getByTestId('cartype-name').locator('input').fill(CAR);
    await form.getByTestId('cartype-base_fare').locator('input').fill('3.5');
    await form.getByTestId('cartype-rate_per_unit_distance').locator('input').fill('1.75');
    await form.getByTestId('cartype-rate_per_hour').locator('input').fill('15');
    await form.getByTestId('cartype-min_fare').locator('input').fill('-2');
    await form.getByTestId('cartype-convenience_fees').locator('input').fill('12.5');
    await form.getByTestId('cartype-extra-info').locator('textarea').fill('Up to 8 passengers or 20 boxes');
    await form.getByTestId('cartype-save').click();
    // A negative amount never leaves the browser.
    await form.getByText('Enter an amount of at least 0').waitFor();
    await screenshot(page, 'cartype-form-error-desktop');
    await form.getByTestId('cartype-min_fare').locator('input').fill('8');
    await form.getByTestId('cartype-fee-type').click();
    await page.getByRole('option', { name: 'Percent of the fare' }).click();
    await screenshot(page, 'cartype-form-desktop');
    await form.getByTestId('cartype-save').click();
    await page.getByText('Car type added.').waitFor();
    await page.getByRole('row').filter({ hasText: CAR }).waitFor();

    // An image through the presigned upload, in the edit dialog.
    await selectRow(page, CAR);
    await rowAction(page, 'cartype-actions', 'Edit');
    await dialog(page).locator('input[type="file"]').setInputFiles({ name: 'shuttle.png', mimeType: 'image/png', buffer: SHUTTLE_PNG });
    await screenshot(page, 'cartype-edit-image-desktop');
    await dialog(page).getByTestId('cartype-save').click();
    await page.getByText('Car type saved.').waitFor();
    const img = page.getByRole('row').filter({ hasText: CAR }).locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(48);

    await rowAction(page, 'cartype-actions', 'Parcel types');
    await fillRows(dialog(page), [['Documents', '2'], ['Large box', '9.5']]);
    await screenshot(page, 'cartype-parcel-types-desktop');
    await dialog(page).getByTestId('subtable-save').click();
    await page.getByText('Car type saved.').waitFor();

    await rowAction(page, 'cartype-actions', 'Options');
    await fillRows(dialog(page), [['Fragile handling', '3']]);
    await dialog(page).getByTestId('subtable-save').click();
    // The seeded Van has a 'Fragile handling' option too: look in this car type's row.
    await page.getByRole('row').filter({ hasText: CAR }).filter({ hasText: 'Fragile handling' }).waitFor();

    await rowAction(page, 'cartype-actions', 'Cancellation slab');
    await fillRows(dialog(page), [['5', '2'], ['5', '4']]);
    await dialog(page).getByTestId('subtable-save').click();
    await dialog(page).getByText('Each row needs its own number of minutes.').waitFor();
    await dialog(page).getByRole('textbox').nth(2).fill('15');
    await screenshot(page, 'cartype-slab-desktop');
    await dialog(page).getByTestId('subtable-save').click();
    const row = page.getByRole('row').filter({ hasText: CAR });
    await row.filter({ hasText: '15 min' }).waitFor();
    const text = await row.innerText();
    expect(text).toContain('Documents ($2.00)');
    expect(text).toContain('Large box ($9.50)');
    expect(text).toContain('12.5% (percent)');
    await screenshot(page, 'cartypes-desktop');
    // The delivery columns (parcel types, options, slab) are to the right: scroll the table there.
    await page.locator('table').first().evaluate((table) => {
      let el = table.parentElement;
      while (el && el.scrollWidth <= el.clientWidth) el = el.parentElement;
      if (el) el.scrollLeft = el.scrollWidth;
    });
    await screenshot(page, 'cartypes-delivery-columns-desktop');

    const phone = await adminPhone.newPage();
    await phone.goto(`${siteUrl()}/cartypes`);
    await phone.getByText(CAR).first().waitFor();
    await screenshot(phone, 'cartypes-phone');
    await phone.close();
  });

  it('the export is always on for car types', async () => {
    await page.goto(`${siteUrl()}/cartypes`);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^car-types-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString('utf8')).toContain(`${CAR},3.50,1.75,15.00,8.00,12.5,percent,Documents: 2.00; Large box: 9.50`);
  });

  it('a visitor sees the new car type where car types are listed (the landing page)', async () => {
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const visitor = await browser.newPage({ viewport });
      await visitor.goto(siteUrl());
      const showcase = visitor.getByTestId('car-type-showcase');
      await showcase.getByText(CAR, { exact: true }).waitFor();
      await visitor.waitForLoadState('networkidle');
      await screenshot(visitor, `landing-${name}-top`);
      await showcase.getByText(CAR, { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(visitor, `landing-car-types-${name}`);
      await visitor.close();
    }
  });

  it('a signed-in rider\'s landing page picks up a car type change live, without a reload', async () => {
    const riderCtx = await browser.newContext({ viewport: DESKTOP });
    const rider = await riderCtx.newPage();
    await signIn(rider, 'rider1@example.com');
    await rider.goto(siteUrl());
    await rider.getByTestId('car-type-showcase').getByText(CAR, { exact: true }).waitFor();
    const { body } = await apiCall(page, 'GET', '/cartypes');
    const mine = body.items.find((c: { name: string }) => c.name === CAR);
    const res = await apiCall(page, 'PUT', `/cartypes/${mine.id}`, {
      version: mine.version,
      carType: { ...Object.fromEntries(Object.entries(mine).filter(([k]) => !['id', 'createdAt', 'version', 'image'].includes(k))), extra_info: 'Now with Wi-Fi' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await rider.getByText('Now with Wi-Fi').waitFor({ timeout: 15_000 });
    await riderCtx.close();
  });

  it('an admin edits the settings in the two-column form; the site follows', async () => {
    await page.goto(`${siteUrl()}/settings`);
    const bonus = page.getByTestId('settings-bonus').locator('input');
    await bonus.waitFor();
    const company = page.getByTestId('settings-CompanyName').locator('input');
    const original = await company.inputValue();
    // §5: anything but a number >= 0 becomes empty; a blank bonus is refused with proper_bonus.
    await bonus.fill('-5');
    expect(await bonus.inputValue()).toBe('');
    await page.getByTestId('settings-save').click();
    await page.getByText('Please enter a valid referral bonus.').first().waitFor();
    await screenshot(page, 'settings-error-desktop');
    await bonus.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-error-field-desktop');

    await bonus.fill('12.5');
    await company.fill(`${original} ${RUN}`);
    await page.getByTestId('settings-save').click();
    await page.getByText('Updated successfully.').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'settings-desktop');
    await page.getByTestId('settings-save').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-bottom-desktop');

    const phone = await adminPhone.newPage();
    await phone.goto(`${siteUrl()}/settings`);
    await phone.getByTestId('settings-bonus').locator('input').waitFor();
    expect(await phone.getByTestId('settings-bonus').locator('input').inputValue()).toBe('12.5');
    await screenshot(phone, 'settings-phone');
    await phone.getByTestId('settings-otp_secure').scrollIntoViewIfNeeded();
    await screenshot(phone, 'settings-toggles-phone');
    await phone.close();

    await company.fill(original);
    await bonus.fill('10');
    await page.getByTestId('settings-save').click();
    await page.getByText('Updated successfully.').waitFor();
  });

  it('app mode: in taxi mode the delivery-only columns and actions go away; the slab stays', async () => {
    await page.goto(`${siteUrl()}/settings`);
    await page.getByTestId('settings-appMode').getByRole('button', { name: 'Taxi' }).click();
    await page.getByTestId('settings-save').click();
    await page.getByText('Updated successfully.').waitFor();
    try {
      await page.goto(`${siteUrl()}/cartypes`);
      await page.getByRole('row').filter({ hasText: CAR }).waitFor();
      expect(await page.getByRole('columnheader', { name: /Parcel types/ }).count()).toBe(0);
      await selectRow(page, CAR);
      await page.getByTestId('cartype-actions').getByRole('button').first().click();
      expect(await page.getByRole('menuitem', { name: 'Parcel types' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Cancellation slab' }).waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, 'cartypes-taxi-mode-desktop');
      await page.keyboard.press('Escape');
    } finally {
      const { body } = await apiCall(page, 'GET', '/settings/all');
      const { version, ...settings } = body;
      await apiCall(page, 'PUT', '/settings', { version, settings: { ...settings, appMode: 'delivery' } });
    }
  });

  it('demo mode refuses a delete with the demo alert', async () => {
    await page.goto(`${siteUrl()}/settings`);
    const critical = page.getByTestId('settings-AllowCriticalEditsAdmin').locator('input');
    await critical.waitFor({ state: 'attached' });
    await critical.uncheck({ force: true });
    await page.getByTestId('settings-save').click();
    await page.getByText('Updated successfully.').waitFor();
    try {
      await page.goto(`${siteUrl()}/cartypes`);
      await page.getByTestId('demo-mode-notice').waitFor();
      await selectRow(page, CAR);
      await rowAction(page, 'cartype-actions', 'Delete');
      await dialog(page).getByTestId('delete-car-type-confirm').click();
      await dialog(page).getByText('This action is disabled in demo mode.').waitFor();
      await screenshot(page, 'cartype-delete-demo-desktop');
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('row').filter({ hasText: CAR }).waitFor();

      const phone = await adminPhone.newPage();
      await phone.goto(`${siteUrl()}/cartypes`);
      await selectRow(phone, CAR);
      await rowAction(phone, 'cartype-actions', 'Delete');
      await dialog(phone).getByTestId('delete-car-type-confirm').click();
      await dialog(phone).getByText('This action is disabled in demo mode.').waitFor();
      await screenshot(phone, 'cartype-delete-demo-phone');
      await phone.close();

      // The way out of demo mode is the one save it allows.
      await page.goto(`${siteUrl()}/settings`);
      await page.getByTestId('settings-AllowCriticalEditsAdmin').locator('input').check({ force: true });
      await page.getByTestId('settings-save').click();
      await page.getByText('Updated successfully.').waitFor();
    } finally {
      await setCriticalEdits(page, true);
    }
    await page.goto(`${siteUrl()}/cartypes`);
    await selectRow(page, CAR);
    await rowAction(page, 'cartype-actions', 'Delete');
    await dialog(page).getByTestId('delete-car-type-confirm').click();
    await page.getByText('Car type deleted.').waitFor();
    await page.getByRole('row').filter({ hasText: CAR }).waitFor({ state: 'detached' });
  });

  it('cancellation reasons: ten per page, add and delete renumber; shown at both widths', async () => {
    await page.goto(`${siteUrl()}/cancelreasons`);
    await page.getByText('Changed my mind').waitFor();
    const label = `Rider no-show ${RUN}`;
    await page.getByTestId('add-cancel-reason').click();
    await dialog(page).getByTestId('cancel-reason-label').locator('input').fill(label);
    await dialog(page).getByTestId('cancel-reason-save').click();
    await page.getByText('Reason added.').waitFor();
    await page.getByRole('row').filter({ hasText: label }).waitFor();
    expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(10);
    await screenshot(page, 'cancel-reasons-desktop');
    const phone = await adminPhone.newPage();
    await phone.goto(`${siteUrl()}/cancelreasons`);
    await phone.getByText('Changed my mind').waitFor();
    await screenshot(phone, 'cancel-reasons-phone');
    await phone.close();
    // Remove it again so a rerun finds the list as before.
    const list = (await apiCall(page, 'GET', '/cancelreasons')).body;
    const mine = list.items.find((r: { label: string }) => r.label === label);
    await page.getByPlaceholder('Find reasons').fill(label);
    await selectRow(page, label);
    await rowAction(page, 'cancel-reason-actions', 'Delete');
    await dialog(page).getByTestId('cancel-reason-save').click();
    await page.getByText('Reason deleted.').waitFor();
    const after = (await apiCall(page, 'GET', '/cancelreasons')).body;
    expect(after.items.map((r: { value: number }) => r.value)).toEqual(after.items.map((_: unknown, i: number) => i));
    expect(after.items.some((r: { label: string }) => r.label === mine.label)).toBe(false);
  });

  it('promos: the empty message, then a promo with every field', async () => {
    const existing = (await apiCall(page, 'GET', '/promos')).body.items as { id: string }[];
    await page.goto(`${siteUrl()}/promos`);
    if (existing.length === 0) {
      await page.getByText('No promos available.').waitFor();
      await screenshot(page, 'promos-empty-desktop');
    }
    await page.getByTestId('add-promo').click();
    const form = dialog(page);
    const name = `SPRING${RUN}`.toUpperCase();
    await form.getByTestId('promo-promo_name').locator('input').fill(name);
    await form.getByTestId('promo-promo_description').locator('input').fill('Spring sale');
    await form.getByTestId('promo-promo_discount_value').locator('input').fill('15');
    await form.getByTestId('promo-max_promo_discount_value').locator('input').fill('5');
    await form.getByTestId('promo-min_order').locator('input').fill('20');
    await form.getByPlaceholder('YYYY/MM/DD').fill('2099/04/30');
    await form.getByTestId('promo-promo_usage_limit').locator('input').fill('100');
    await screenshot(page, 'promo-form-desktop');
    await form.getByTestId('promo-save').click();
    await page.getByText('Promo added.').waitFor();
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await screenshot(page, 'promos-desktop');
    const phone = await adminPhone.newPage();
    await phone.goto(`${siteUrl()}/promos`);
    await phone.getByText(name).waitFor();
    await screenshot(phone, 'promos-phone');
    await phone.close();
    const mine = (await apiCall(page, 'GET', '/promos')).body.items.find((p: { promo_name: string }) => p.promo_name === name);
    expect(mine).toMatchObject({ promo_discount_type: 'percentage', promo_discount_value: 15, promo_validity: '2099-04-30', user_avail: 0 });
    await apiCall(page, 'DELETE', `/promos/${mine.id}`);
  });
});
