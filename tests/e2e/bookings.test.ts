import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { dialog, shot, signIn } from './support/identity';
import { apiAs } from './support/page-api';

/**
 * /bookings in the browser (spec §2 table, §4 admin actions, §6 lists by role): an admin with
 * auto-dispatch off sees a booking made for a rider arrive live, assigns an online driver and
 * cancels bookings; a rider sees only their own bookings; the driver sees the offer arrive
 * without a reload. Set-up goes through the API; every check is what the browser shows.
 */

// Near the demo centre; the driver reports a location a few hundred metres from the pickup.
const PICKUP = { lat: 37.7793, lng: -122.4193, add: '1 Dr Carlton B Goodlett Pl, San Francisco' };
const DROP = { lat: 37.8044, lng: -122.2712, add: '1 Frank H Ogawa Plaza, Oakland' };
const DRIVER_AT = { lat: 37.7765, lng: -122.4172 };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567', pickUpInstructions: 'Ring twice' };

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await apiAs(page, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Changes admin settings through the API and returns what they were. */
async function setSettings(admin: Page, change: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { version, ...settings } = await ok(admin, 'GET', '/settings/all');
  const before = Object.fromEntries(Object.keys(change).map((k) => [k, settings[k]]));
  if (Object.entries(change).some(([k, v]) => settings[k] !== v)) {
    await ok(admin, 'PUT', '/settings', { version, settings: { ...settings, ...change } });
  }
  return before;
}

const inAnHour = () => Date.now() + 3600e3;

async function rowAction(page: Page, action: string) {
  await page.getByTestId('booking-actions').getByRole('button').first().click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A booking's row, or its card on a phone (a selectable card's item has no list role). */
const row = (page: Page, id: string) => page.getByRole('row').or(page.getByTestId('bookings-table').locator('li')).filter({ hasText: id });

describe('bookings in the browser', () => {
  let browser: Browser;
  let adminCtx: BrowserContext;
  let driverCtx: BrowserContext;
  let admin: Page;
  let driver: Page;
  let riderId: string;
  let restore: Record<string, unknown> | undefined;
  let driverWasOnline: boolean | undefined;
  const created: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    adminCtx = await browser.newContext({ viewport: DESKTOP });
    admin = await adminCtx.newPage();
    await signIn(admin, 'admin@example.com');
    // Spec §4: assigning needs auto-dispatch off; export needs critical edits (§6).
    restore = await setSettings(admin, { autoDispatch: false, AllowCriticalEditsAdmin: true });

    // The driver's browser shares a location next to the pickup while online.
    driverCtx = await browser.newContext({
      viewport: DESKTOP,
      permissions: ['geolocation'],
      geolocation: { latitude: DRIVER_AT.lat, longitude: DRIVER_AT.lng },
    });
    driver = await driverCtx.newPage();
    await signIn(driver, 'driver1@example.com');
    driverWasOnline = (await ok(driver, 'GET', '/drivers/me')).online;
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    await ok(driver, 'POST', '/drivers/me/location', DRIVER_AT);

    const riderPage = await browser.newPage();
    await signIn(riderPage, 'rider1@example.com');
    riderId = (await ok(riderPage, 'GET', '/me')).id;
    await riderPage.close();
  });

  afterAll(async () => {
    if (admin) {
      // Leave no open booking of this run (their offers would stay with the driver) and the settings as found.
      for (const id of created) await apiAs(admin, 'POST', `/bookings/${id}/cancel`, { reason: 'e2e clean-up' }).catch(() => undefined);
      if (restore) await setSettings(admin, restore).catch(() => undefined);
    }
    if (driver && driverWasOnline !== undefined) {
      await apiAs(driver, 'PUT', '/drivers/me/availability', { online: driverWasOnline }).catch(() => undefined);
    }
    await browser?.close();
  });

  // A failed step leaves a picture of every open page where it stopped.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !browser) return;
    const pages = browser.contexts().flatMap((c) => c.pages());
    for (const [i, p] of pages.entries()) {
      await shot(p, `bookings-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}-${i}`).catch(() => undefined);
    }
  });

  const adminBooking = async () => {
    const booking = await ok(admin, 'POST', '/bookings', {
      pickup: PICKUP, drop: DROP, carTypeId: 'economy', bookLater: true, tripdate: inAnHour(), riderId, instructionData: INSTRUCTIONS,
    });
    expect(booking.status).toBe('NEW');
    created.push(booking.id);
    return booking.id as string;
  };

  it('an admin sees a booking made for a rider arrive live, and assigns an online driver, who sees the offer without a reload', async () => {
    await admin.goto(`${siteUrl()}/bookings`);
    await admin.getByTestId('bookings-table').getByRole('columnheader', { name: /Booking ID/ }).waitFor();
    await driver.goto(`${siteUrl()}/bookings`);
    await driver.getByText('New booking offers').waitFor();
    await driver.getByText('Ready for offers').waitFor();

    const id = await adminBooking();
    // Live: no reload of the admin page.
    await row(admin, id).getByText('New', { exact: true }).waitFor({ timeout: 15_000 });
    await shot(admin, 'bookings-admin-desktop');

    await admin.getByRole('radio', { name: id, exact: true }).check();
    // The driver page keeps sending the browser's location (at most every 5 s), so it is fresh.
    await rowAction(admin, 'Assign driver');
    const assign = dialog(admin);
    await assign.getByRole('radio', { name: 'Dan Driver', exact: true }).check();
    await expect.poll(() => assign.getByRole('row').filter({ hasText: 'Dan Driver' }).innerText()).toMatch(/Economy[\s\S]*DEMO-3[\s\S]*\d+(\.\d+)? km/);
    await shot(admin, 'bookings-assign-desktop');
    await assign.getByTestId('assign-driver-confirm').click();
    await admin.getByText('Driver assigned successfully and notified').waitFor();

    // The driver's offers follow offers/<uid>: the card arrives without a reload.
    const offers = driver.getByTestId('driver-offers');
    await offers.getByText(`${PICKUP.add} → ${DROP.add}`).waitFor({ timeout: 15_000 });
    await offers.getByText('Assigned by an admin: no time limit').first().waitFor();
    await driver.getByTestId('location-last-sent').waitFor();
    await shot(driver, 'bookings-driver-desktop');
    const phone = await browser.newContext({
      viewport: PHONE, storageState: await driverCtx.storageState(), permissions: ['geolocation'],
      geolocation: { latitude: DRIVER_AT.lat, longitude: DRIVER_AT.lng },
    });
    const driverPhone = await phone.newPage();
    await driverPhone.goto(`${siteUrl()}/bookings`);
    await driverPhone.getByTestId('driver-offers').getByText(`${PICKUP.add} → ${DROP.add}`).waitFor();
    await shot(driverPhone, 'bookings-driver-phone');
    await phone.close();
  });

  it('an admin opens a booking\'s details with its map', async () => {
    const id = created[0]!;
    // The booking id opens the live trip; the details are the "View details" action.
    expect(await row(admin, id).getByRole('link', { name: id }).getAttribute('href')).toBe(`/trip?id=${id}`);
    await admin.getByRole('radio', { name: id, exact: true }).check();
    await rowAction(admin, 'View details');
    const detail = dialog(admin);
    await detail.getByText(`Booking ${id}`).waitFor();
    await detail.getByText('Pat Lee').waitFor();
    const map = admin.getByRole('region', { name: `Map of booking ${id}` }).first();
    await map.waitFor();
    expect(new URL(admin.url()).searchParams.get('id')).toBe(id);
    // The picture shows the drawn map, not its loading spinner.
    await expect.poll(() => admin.locator('[data-map-state]').first().getAttribute('data-map-state'), { timeout: 15_000 }).not.toBe('loading');
    await shot(admin, 'bookings-detail-desktop');
    await detail.getByRole('button', { name: 'Close' }).click();
    await map.waitFor({ state: 'detached' });
    expect(new URL(admin.url()).searchParams.get('id')).toBeNull();
  });

  it('an admin cancels a NEW booking with a reason', async () => {
    const { items } = await ok(admin, 'GET', '/cancelreasons');
    const reason = items[0].label as string;
    const id = await adminBooking();
    await row(admin, id).waitFor({ timeout: 15_000 });
    await admin.getByRole('radio', { name: id, exact: true }).check();
    await rowAction(admin, 'Cancel booking');
    const box = dialog(admin);
    await box.getByTestId('cancel-booking-confirm').click();
    // No reason chosen: nothing is sent.
    await box.getByText('Please fill in all the required fields.').waitFor();
    await box.getByTestId('cancel-reason-select').click();
    await admin.getByRole('option', { name: reason, exact: true }).click();
    await shot(admin, 'bookings-cancel-desktop');
    await box.getByTestId('cancel-booking-confirm').click();
    await admin.getByText('The booking was cancelled.').waitFor();
    await row(admin, id).getByText('Cancelled', { exact: true }).waitFor();
    const after = await ok(admin, 'GET', `/bookings/${id}`);
    expect(after).toMatchObject({ status: 'CANCELLED', reason, cancelledBy: 'admin' });
  });

  it('an admin cancels an unpaid (PAYMENT_PENDING) booking without a dialog, 1.5 s later', async () => {
    const riderPage = await browser.newPage();
    await signIn(riderPage, 'rider1@example.com');
    const booking = await ok(riderPage, 'POST', '/bookings', {
      pickup: PICKUP, drop: DROP, carTypeId: 'economy', bookLater: true, tripdate: inAnHour(), instructionData: INSTRUCTIONS,
    });
    await riderPage.close();
    expect(booking.status).toBe('PAYMENT_PENDING');
    await row(admin, booking.id).getByText('Payment pending', { exact: true }).waitFor({ timeout: 15_000 });
    await admin.getByRole('radio', { name: booking.id, exact: true }).check();
    const clicked = Date.now();
    await rowAction(admin, 'Cancel booking');
    await admin.getByText('Cancelling the booking that was never paid…').waitFor();
    expect(await dialog(admin).count()).toBe(0);
    await admin.getByText('The booking was cancelled.').waitFor();
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1500);
    await row(admin, booking.id).getByText('Cancelled', { exact: true }).waitFor();
  });

  it('the status filter goes to the server; the admin table at phone width', async () => {
    const open = created[0]!;
    await admin.getByTestId('booking-status-filter').click();
    await admin.getByRole('option', { name: 'Cancelled' }).click();
    await admin.keyboard.press('Escape');
    await expect.poll(() => row(admin, open).count()).toBe(0);
    await row(admin, created[1]!).waitFor();

    const phone = await browser.newContext({ viewport: PHONE, storageState: await adminCtx.storageState() });
    const adminPhone = await phone.newPage();
    await adminPhone.goto(`${siteUrl()}/bookings`);
    await row(adminPhone, open).waitFor();
    await shot(adminPhone, 'bookings-admin-phone');
    await phone.close();
  });

  it('a rider sees their own bookings only', async () => {
    const otherCtx = await browser.newContext({ viewport: DESKTOP });
    const other = await otherCtx.newPage();
    await signIn(other, 'rider2@example.com');
    const theirs = await ok(other, 'POST', '/bookings', {
      pickup: PICKUP, drop: DROP, carTypeId: 'economy', bookLater: true, tripdate: inAnHour(), instructionData: INSTRUCTIONS,
    });
    created.push(theirs.id);
    await otherCtx.close();

    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const ctx = await browser.newContext({ viewport });
      const rider = await ctx.newPage();
      await signIn(rider, 'rider1@example.com');
      await rider.goto(`${siteUrl()}/bookings`);
      await row(rider, created[0]!).waitFor();
      expect(await row(rider, theirs.id).count()).toBe(0);
      await shot(rider, `bookings-rider-${size}`);
      // A rider may cancel their own NEW booking (critical edits are on) but never assign.
      await rider.getByRole('radio', { name: created[0]!, exact: true }).check();
      await rider.getByTestId('booking-actions').getByRole('button').first().click();
      await rider.getByRole('menuitem', { name: 'Cancel booking', exact: true }).waitFor();
      expect(await rider.getByRole('menuitem', { name: 'Assign driver' }).count()).toBe(0);
      await ctx.close();
    }
  });
});
