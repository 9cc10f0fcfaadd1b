import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, PHONE, screenshot, SCREENSHOTS, siteUrl } from './support/browser';
import { fullShot, signIn } from './support/identity';
import { apiAs, ok } from './support/page-api';

/**
 * Service areas in the browser: the admin draws a fee zone around the demo city by clicking the
 * map (undo, close), names it and gives it a fee; the list shows it (cards on a phone); the
 * rider's estimate shows the zone fee as its own line; with a service area that leaves out
 * Oakland, the rider's booking to Oakland is refused with the clear message. Every area this file
 * draws is deleted at the end (and any left from an earlier run at the start): browser tests share
 * one local cloud, whose bookings a service area would refuse.
 */
const WIDE = { width: 1366, height: 900 };
const SF = { search: 'San Francisco', option: /^San Francisco, CA, US/ };
const OAKLAND = { search: 'Oakland', option: /^Oakland, CA, US/ };
/** What the user sees right now (a dialog over the page, a message by the button), not the whole page. */
async function view(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

/** Names of this file's areas, so clean-up finds them. */
const PREFIX = 'E2E ';

describe('service areas and zone fees in the browser', () => {
  let browser: Browser;
  let admin: Page;
  let rider: Page;
  const contexts: BrowserContext[] = [];
  const newPage = async (email: string, viewport = WIDE) => {
    const ctx = await browser.newContext({ viewport });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email);
    return page;
  };

  async function cleanUp() {
    const { items } = await ok(admin, 'GET', '/service-areas');
    for (const a of items as { id: string; name: string }[]) if (a.name.startsWith(PREFIX)) await apiAs(admin, 'DELETE', `/service-areas/${a.id}`);
  }

  /** Clicks the drawing map at fractions of its width and height. */
  async function clickMap(page: Page, points: [number, number][]) {
    const map = page.locator('[data-testid="areas-map"][data-ready="true"]');
    await map.waitFor();
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    for (const [fx, fy] of points) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await page.waitForTimeout(150);
    }
  }

  async function searchPlace(page: Page, label: 'Pickup' | 'Drop', place: { search: string; option: RegExp }) {
    const box = page.getByRole('combobox', { name: label, exact: true });
    await box.fill(place.search);
    await page.getByRole('option', { name: place.option }).first().click();
    await expect.poll(() => box.inputValue()).toMatch(place.option);
  }

  /** The rider asks for an estimate San Francisco → Oakland, Economy, for later. */
  async function askEstimate(page: Page) {
    await page.goto(siteUrl());
    await page.getByTestId('booking-form-slot').waitFor();
    await searchPlace(page, 'Pickup', SF);
    await searchPlace(page, 'Drop', OAKLAND);
    await page.getByTestId('car-type-tiles').getByRole('radio', { name: /^Economy/ }).check();
    await page.getByTestId('book-button').click();
  }

  beforeAll(async () => {
    browser = await launch();
    [admin, rider] = [await newPage('admin@example.com'), await newPage('rider1@example.com')];
    await cleanUp();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    let n = 0;
    for (const c of contexts) for (const p of c.pages()) await fullShot(p, `areas-failed-${n++}`).catch(() => undefined);
  });
  afterAll(async () => {
    if (admin) await cleanUp().catch(() => undefined);
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('the admin draws a fee zone around the city on the map (undo, close), names it and saves it; the list shows it', async () => {
    await admin.goto(`${siteUrl()}/serviceareas`);
    await admin.getByRole('heading', { name: 'Service areas', level: 1 }).waitFor();
    // With no area the map opens on the demo city: four corners around its centre, one misplaced and undone.
    await clickMap(admin, [[0.4, 0.35], [0.62, 0.35], [0.9, 0.9]]);
    await admin.getByTestId('areas-undo').click();
    await clickMap(admin, [[0.62, 0.62], [0.4, 0.62]]);
    await expect.poll(() => admin.getByTestId('areas-corner-count').innerText()).toBe('4 corners');
    // Saving an open shape says to close it first.
    await admin.getByTestId('areas-name').locator('input').fill(`${PREFIX}City centre`);
    await admin.getByTestId('areas-save').click();
    await admin.getByText('Close the shape before saving it.').waitFor();
    await admin.getByTestId('areas-close').click();
    await admin.getByTestId('areas-kind').getByText('Fee zone', { exact: true }).click();
    await admin.getByTestId('areas-fee').locator('input').fill('4.50');
    await admin.getByTestId('areas-fee-label').locator('input').fill('City centre access');
    await admin.getByTestId('areas-applies').click();
    await admin.getByRole('option', { name: 'The pickup or the drop is inside' }).click();
    await admin.waitForTimeout(300);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'areas-draw-desktop');

    await admin.getByTestId('areas-save').click();
    await admin.getByText('Area saved.').waitFor();
    const list = admin.getByTestId('areas-list');
    await list.getByText(`${PREFIX}City centre`).waitFor();
    await list.getByText('$4.50 (City centre access)').waitFor();
    const { items } = await ok(admin, 'GET', '/service-areas');
    const saved = (items as { name: string; polygon: { lat: number; lng: number }[]; fee: number; feeAppliesTo: string }[]).find((a) => a.name === `${PREFIX}City centre`)!;
    expect(saved).toMatchObject({ fee: 4.5, feeAppliesTo: 'either' });
    expect(saved.polygon).toHaveLength(4);
    // Drawn around the city's centre: San Francisco itself is inside.
    const lats = saved.polygon.map((p) => p.lat), lngs = saved.polygon.map((p) => p.lng);
    expect(Math.min(...lats)).toBeLessThan(37.7749);
    expect(Math.max(...lats)).toBeGreaterThan(37.7749);
    expect(Math.min(...lngs)).toBeLessThan(-122.4194);
    expect(Math.max(...lngs)).toBeGreaterThan(-122.4194);
    await admin.waitForTimeout(500);
    // From the top: a scrolled page's full shot paints the sticky header mid-page.
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'areas-list-desktop');

    // On a phone: the map, the drawing controls and the form stacked; the list as cards.
    const phone = await newPage('admin@example.com', PHONE);
    await phone.goto(`${siteUrl()}/serviceareas`);
    await phone.getByTestId('areas-list').getByText(`${PREFIX}City centre`).waitFor();
    await clickMap(phone, [[0.2, 0.2], [0.8, 0.25], [0.5, 0.8]]);
    await phone.getByTestId('areas-close').click();
    await phone.getByTestId('areas-name').locator('input').fill(`${PREFIX}Phone sketch`);
    await phone.waitForTimeout(300);
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, 'areas-draw-phone');
    await phone.getByTestId('areas-clear').click();
    await phone.getByTestId('areas-list').scrollIntoViewIfNeeded();
    await view(phone, 'areas-list-phone');
  }, 120_000);

  it('the rider\'s estimate shows the zone fee as its own line', async () => {
    await askEstimate(rider);
    const estimate = rider.getByTestId('estimate-modal');
    await estimate.getByText('Fare estimate').waitFor();
    await estimate.getByText('Zone fee: City centre access').waitFor();
    await expect.poll(() => estimate.getByTestId('estimate-zone-fee').innerText()).toBe('$4.50');
    await rider.waitForTimeout(300);
    await view(rider, 'areas-fee-estimate-desktop');
    await rider.setViewportSize(PHONE);
    await estimate.getByText('Zone fee: City centre access').scrollIntoViewIfNeeded();
    await rider.waitForTimeout(300);
    await view(rider, 'areas-fee-estimate-phone');
    await estimate.getByRole('button', { name: 'Cancel' }).click();
    await rider.setViewportSize(WIDE);
  }, 60_000);

  it('with a service area around San Francisco only, the rider\'s trip to Oakland is refused with a clear message', async () => {
    const c = { lat: 37.7749, lng: -122.4194 };
    const d = 0.1;
    await ok(admin, 'POST', '/service-areas', {
      name: `${PREFIX}San Francisco`, kind: 'service',
      polygon: [{ lat: c.lat - d, lng: c.lng - d }, { lat: c.lat - d, lng: c.lng + d }, { lat: c.lat + d, lng: c.lng + d }, { lat: c.lat + d, lng: c.lng - d }],
    });
    try {
      await askEstimate(rider);
      const error = rider.getByTestId('booking-form-error');
      await error.getByText('We do not operate there yet: choose a pickup and a drop inside our service area.').waitFor();
      expect(await rider.getByTestId('estimate-modal').isVisible()).toBe(false);
      // Marked on the drop, the end outside, too.
      await expect.poll(() => rider.getByText('We do not operate there yet', { exact: false }).count()).toBe(2);
      await rider.getByTestId('drop-search').scrollIntoViewIfNeeded();
      await rider.waitForTimeout(300);
      await view(rider, 'areas-refused-desktop');
      await rider.setViewportSize(PHONE);
      await error.scrollIntoViewIfNeeded();
      await rider.waitForTimeout(300);
      await view(rider, 'areas-refused-phone');
      await rider.setViewportSize(WIDE);

      // A pickup outside is said as soon as it and the car type are chosen, before anything else is typed.
      await searchPlace(rider, 'Pickup', OAKLAND);
      const early = rider.getByTestId('outside-service-area');
      await early.getByText('We do not operate there yet', { exact: false }).waitFor();
      expect(await rider.getByTestId('no-driver-nearby').count()).toBe(0);
      await early.scrollIntoViewIfNeeded();
      await view(rider, 'areas-pickup-outside-desktop');

      // The admin's map shows both kinds.
      await admin.goto(`${siteUrl()}/serviceareas`);
      await admin.getByTestId('areas-list').getByText(`${PREFIX}San Francisco`).waitFor();
    } finally {
      await cleanUp();
    }
  }, 60_000);
});
