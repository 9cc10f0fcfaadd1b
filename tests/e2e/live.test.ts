import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, signIn, unique } from './support/identity';
import { ok } from './support/page-api';

/**
 * Issue "notifications and the dashboard" in the browser: an admin and a rider in two browsers
 * watch a simulated trip go from booking to PAID, the rider's flash messages arriving at each
 * step and the admin's map moving; a broadcast to Android riders reaches only matching devices
 * (the local cloud's push outbox); a fleet admin's dashboard shows only its own drivers.
 */

// Beside the simulated fleet around the demo centre (San Francisco).
const NEAR_FLEET = { lat: 37.7793, lng: -122.4193, add: 'Civic Center, San Francisco' };
const SHORT_DROP = { lat: 37.7893, lng: -122.4093, add: 'Nob Hill, San Francisco' };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' };
const SF = { latitude: 37.7749, longitude: -122.4194 };

type Frame = Record<string, any>;

/** Every WebSocket message a page receives, parsed. */
function recordFrames(page: Page): Frame[] {
  const frames: Frame[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try {
      frames.push(JSON.parse(String(f.payload)));
    } catch { /* not JSON */ }
  }));
  return frames;
}

/** Money as the cards show it: "$12.34" → 12.34. */
const amount = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

describe('notifications and the live dashboard in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = async (email: string, opts: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await browser.newContext({ viewport: DESKTOP, ...opts });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const frames = recordFrames(page);
    await signIn(page, email);
    return { page, frames };
  };

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('an admin and a rider watch a simulated trip from booking to PAID: flashes at each step, the map moving, the cards moving', async () => {
    const { page: admin, frames: adminFrames } = await newPage('admin@example.com', { geolocation: SF, permissions: ['geolocation'] });
    const { page: rider, frames: riderFrames } = await newPage('rider1@example.com');
    const riderId = (await ok(rider, 'GET', '/me')).id as string;

    await admin.goto(`${siteUrl()}/dashboard`);
    await admin.locator('[data-testid="drivers-map"][data-map-state="ready"]').waitFor({ timeout: 30_000 });
    await expect.poll(async () => Number(await admin.getByTestId('drivers-map').getAttribute('data-drivers')), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await ok(admin, 'GET', '/dashboard');
    await expect.poll(async () => amount(await admin.getByTestId('card-today-gross').innerText())).toBe(before.today.gross);

    // The rider's app is open and following their messages before the booking is made: a
    // simulated driver accepts within a second, and an event sent before a page subscribes is
    // not replayed to it (the page re-reads its state instead).
    await rider.goto(`${siteUrl()}/bookings`);
    await expect.poll(() => riderFrames.some((f) => f.type === 'subscribed' && f.topic === `messages/${riderId}`), { timeout: 30_000 }).toBe(true);
    // An admin's booking for the rider goes to the drivers at once (spec §4 creation: NEW).
    const booked = await ok(admin, 'POST', '/bookings', { pickup: NEAR_FLEET, drop: SHORT_DROP, carTypeId: 'economy', bookLater: false, riderId, instructionData: INSTRUCTIONS });
    // The booking arrives in the rider's list live; its id opens the trip in the app (no reload, same socket).
    await rider.getByTestId('bookings-table').getByRole('link', { name: booked.booking_id }).click();
    await rider.getByTestId('trip-view').waitFor();

    // What the rider's browser shows while the trip runs: each message's text, seen on the page.
    const seen = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        seen.add(await rider.evaluate(() => document.body.innerText).catch(() => ''));
        await rider.waitForTimeout(300);
      }
    })();
    const status = async () => (await ok(admin, 'GET', `/bookings/${booked.id}`)).status as string;
    await expect.poll(status, { timeout: 60_000, interval: 500 }).toMatch(/ACCEPTED|ARRIVED|STARTED|REACHED|PAID|COMPLETE/);
    await rider.locator('[data-testid="trip-view"]').waitFor();
    // The admin's map has drawn the trip's driver on the trip (a positions batch said so).
    const onTrip = (uid: string) => adminFrames.some((f) => f.type === 'positions' && f.topic === 'drivers/all'
      && f.drivers.some((d: { uid: string; status: string }) => d.uid === uid && d.status === 'trip'));
    const tripDriver = (await ok(admin, 'GET', `/bookings/${booked.id}`)).driver as string;
    await expect.poll(() => onTrip(tripDriver), { timeout: 30_000, interval: 250 }).toBe(true);
    await fullShot(admin, 'dashboard-admin-trip-desktop');
    await fullShot(rider, 'live-rider-flash-desktop');
    await expect.poll(status, { timeout: 150_000, interval: 500 }).toMatch(/PAID|COMPLETE/);
    // The paid message has reached the rider's page and is shown there.
    const paidMessage = () => riderFrames.find((f) => f.type === 'event' && f.topic === `messages/${riderId}` && f.data?.bookingId === booked.id && f.data.kind === 'booking_paid');
    await expect.poll(async () => {
      const m = paidMessage();
      return !!m && (await rider.evaluate(() => document.body.innerText)).includes(m.data.body);
    }, { timeout: 15_000, interval: 250 }).toBe(true);
    await fullShot(rider, 'live-rider-paid-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'live-rider-paid-phone');
    watching = false;
    await watch;

    // The messages of each step reached the rider's open page and were shown there.
    const messages = riderFrames.filter((f) => f.type === 'event' && f.topic === `messages/${riderId}` && f.data?.bookingId === booked.id);
    const kinds = messages.map((m) => m.data.kind as string);
    expect(kinds).toEqual(expect.arrayContaining(['booking_accepted', 'driver_arrived', 'trip_started', 'trip_reached', 'booking_paid']));
    const pageText = [...seen].join('\n');
    for (const m of messages) expect(pageText, m.data.kind).toContain(m.data.body);

    // The admin's map moved in batches, and showed the trip's driver on the trip.
    const paid = await ok(admin, 'GET', `/bookings/${booked.id}`);
    const batches = adminFrames.filter((f) => f.type === 'positions' && f.topic === 'drivers/all');
    expect(batches.length).toBeGreaterThan(3);
    expect(batches.some((b) => b.drivers.some((d: { uid: string; status: string }) => d.uid === paid.driver && d.status === 'trip'))).toBe(true);

    // The cards moved by this trip's fee (other tests may add more), and show what the server counts.
    const after = await ok(admin, 'GET', '/dashboard');
    expect(after.today.gross).toBeGreaterThanOrEqual(Number((before.today.gross + paid.convenience_fees).toFixed(2)));
    await expect.poll(async () => amount(await admin.getByTestId('card-today-gross').innerText()), { timeout: 15_000 }).toBe((await ok(admin, 'GET', '/dashboard')).today.gross);
    await fullShot(admin, 'dashboard-admin-paid-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'dashboard-admin-phone');
  }, 240_000);

  it('a broadcast to Android riders lands in the push outbox for matching devices only', async () => {
    const { page: admin } = await newPage('admin@example.com');
    const { page: rider1 } = await newPage('rider1@example.com');
    const { page: rider2 } = await newPage('rider2@example.com');
    const { page: driver } = await newPage('driver1@example.com');
    const tag = unique('push').tag;
    const tokens = { androidRider: `android-rider-${tag}`, iosRider: `ios-rider-${tag}`, androidDriver: `android-driver-${tag}` };
    await ok(rider1, 'PUT', '/me/device', { pushToken: tokens.androidRider, userPlatform: 'ANDROID' });
    await ok(rider2, 'PUT', '/me/device', { pushToken: tokens.iosRider, userPlatform: 'IOS' });
    await ok(driver, 'PUT', '/me/device', { pushToken: tokens.androidDriver, userPlatform: 'ANDROID' });

    const title = `Weekend offer ${tag}`;
    await admin.goto(`${siteUrl()}/notifications`);
    await admin.getByTestId('add-notification').click();
    const form = dialog(admin);
    await form.getByTestId('notification-usertype').click();
    await admin.getByRole('option', { name: 'Riders' }).click();
    await form.getByTestId('notification-devicetype').click();
    await admin.getByRole('option', { name: 'Android' }).click();
    await form.getByTestId('notification-title').locator('input').fill(title);
    await form.getByTestId('notification-body').locator('textarea').fill('20% off every ride this weekend.');
    await fullShot(admin, 'notifications-form-desktop');
    await form.getByTestId('notification-save').click();
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    await row.getByRole('radio').check();
    await admin.getByTestId('send-notification').click();
    await dialog(admin).getByText(title).first().waitFor();
    await dialog(admin).getByTestId('send-notification-confirm').click();
    await row.getByText(/Sent: \d+ of \d+ devices/).waitFor({ timeout: 30_000 });
    await fullShot(admin, 'notifications-sent-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'notifications-sent-phone');

    const outbox = await (await fetch(`${siteUrl()}/local/outbox`)).json() as { items: { channel: string; to: string; title?: string; platform?: string }[] };
    const pushed = outbox.items.filter((m) => m.channel === 'push' && m.title === title);
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.every((m) => m.platform === 'ANDROID')).toBe(true);
    const reached = pushed.map((m) => m.to).join('\n');
    expect(reached).toContain(tokens.androidRider);
    expect(reached).not.toContain(tokens.iosRider);
    expect(reached).not.toContain(tokens.androidDriver);
  }, 120_000);

  it('a rider reading the site in Spanish gets the platform\'s message in Spanish, as it happens', async () => {
    const { page: admin } = await newPage('admin@example.com');
    const u = unique('spanish-rider');
    const made = await ok(admin, 'POST', '/users', { usertype: 'rider', firstName: 'Lucía', lastName: `Ruiz ${u.tag}`, email: u.email, mobile: `+1${u.phone}`, password: 'Hola1234' });
    const ctx = await browser.newContext({ viewport: DESKTOP });
    contexts.push(ctx);
    const rider = await ctx.newPage();
    await signIn(rider, u.email, 'Hola1234');
    // The language the visitor picked (the header's selector keeps it here).
    await rider.evaluate(() => localStorage.setItem('language', 'es'));
    await rider.goto(`${siteUrl()}/wallet`);
    await rider.getByRole('heading', { name: 'Monedero', exact: true }).first().waitFor();
    await ok(admin, 'POST', `/wallets/${made.id as string}/credits`, { amount: '5.00' });
    // Worded in Spanish from the message's values, the amount written as Spanish writes numbers.
    const flash = rider.getByText('Un administrador añadió $5,00 a tu monedero.');
    await flash.waitFor({ timeout: 20_000 });
    expect(await rider.getByText('Monedero abonado').count()).toBeGreaterThan(0);
    await fullShot(rider, 'message-spanish-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'message-spanish-phone');
  });

  it('a fleet admin\'s dashboard shows only its own drivers and earnings', async () => {
    const { page: fleet, frames } = await newPage('fleet@example.com', { geolocation: SF, permissions: ['geolocation'] });
    const { page: driver } = await newPage('driver1@example.com');
    const fleetId = (await ok(fleet, 'GET', '/me')).id as string;
    // driver1 (of this fleet) comes online near the demo centre, beside the simulated drivers of no fleet.
    await ok(driver, 'POST', '/drivers/me/location', { lat: SF.latitude + 0.01, lng: SF.longitude + 0.01 });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });

    await fleet.goto(`${siteUrl()}/dashboard`);
    await fleet.locator('[data-testid="drivers-map"][data-map-state="ready"]').waitFor({ timeout: 30_000 });
    const own = await ok(fleet, 'GET', '/dashboard/drivers');
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((d: { fleetadmin?: string }) => d.fleetadmin === fleetId)).toBe(true);
    await expect.poll(async () => Number(await fleet.getByTestId('drivers-map').getAttribute('data-drivers')), { timeout: 15_000 }).toBe(own.items.length);
    const dashboard = await ok(fleet, 'GET', '/dashboard');
    expect(dashboard.scope).toBe('fleet');
    await expect.poll(async () => amount(await fleet.getByTestId('card-total-gross').innerText())).toBe(dashboard.total.gross);
    // driver1 moves: its position reaches the fleet's map in the next batch, by which time a batch of
    // all drivers (the simulated ones ping all the time) would have reached this browser too, were it following them.
    const driverId = (await ok(driver, 'GET', '/me')).id as string;
    await ok(driver, 'POST', '/drivers/me/location', { lat: SF.latitude + 0.011, lng: SF.longitude + 0.01 });
    await expect.poll(() => frames.some((f) => f.type === 'positions' && f.topic === `drivers/fleet/${fleetId}`
      && f.drivers.some((d: { uid: string }) => d.uid === driverId)), { timeout: 20_000, interval: 250 }).toBe(true);
    // Only the fleet's own topic was followed; no batch of all drivers reached this browser.
    expect(frames.some((f) => f.type === 'positions' && f.topic !== `drivers/fleet/${fleetId}`)).toBe(false);
    await fullShot(fleet, 'dashboard-fleet-desktop');
    await fleet.setViewportSize(PHONE);
    await fullShot(fleet, 'dashboard-fleet-phone');
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
  }, 120_000);
});
