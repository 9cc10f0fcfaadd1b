import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, PHONE, SCREENSHOTS, siteUrl } from './support/browser';
import { fullShot } from './support/identity';
import { ok } from './support/page-api';
import { pagesOf } from './support/accounts';

/**
 * Stops in the browser: rider1 books a trip with two stops on the landing page's form (the
 * estimate prices the whole route), driver1 steps through the stops in the driver console, and the
 * rider's trip view and bookings list follow each stop as it is reached.
 */

// Far from the simulated fleet and from the other browser tests' places: only driver1 goes there.
const COIMBRA = { lat: 40.20564, lng: -8.41955 };
const PLACES = {
  pickup: { search: 'Coimbra', option: /^Coimbra, PT/ },
  stop1: { search: 'Mealhada', option: /^Mealhada, PT/ },
  stop2: { search: 'Cantanhede', option: /^Cantanhede, PT/ },
  drop: { search: 'Condeixa', option: /^Condeixa-a-Nova, PT/ },
};
const WIDE = { width: 1366, height: 900 };
const BOOKING_ID = /Booking successful\. Booking ID:\s*([A-Z0-9]+)/;

/** What the user sees right now, e.g. a dialog over the page. */
async function view(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

async function searchPlace(page: Page, label: string, place: { search: string; option: RegExp }) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(place.search);
  await page.getByRole('option', { name: place.option }).first().click();
  await expect.poll(() => box.inputValue()).toMatch(place.option);
}

describe('stops in the browser', () => {
  let browser: Browser;
  let admin: Page;
  let rider: Page;
  let driver: Page;
  const pages = pagesOf(() => browser, { viewport: WIDE });
  const setMode = async (appMode: 'taxi' | 'delivery') => {
    const { version, ...settings } = await ok(admin, 'GET', '/settings/all');
    if (settings.appMode !== appMode) await ok(admin, 'PUT', '/settings', { version, settings: { ...settings, appMode } });
  };
  const both = async (page: Page, name: string, ready: () => Promise<unknown>) => {
    await ready();
    await fullShot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    await ready();
    await fullShot(page, `${name}-phone`);
    await page.setViewportSize(WIDE);
  };

  beforeAll(async () => {
    browser = await launch();
    [admin, rider, driver] = [await pages.signedIn('admin@example.com'), await pages.signedIn('rider1@example.com'), await pages.signedIn('driver1@example.com')];
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    let n = 0;
    for (const c of pages.contexts) for (const p of c.pages()) await fullShot(p, `stops-failed-${n++}`).catch(() => undefined);
  });
  afterAll(async () => {
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false }).catch(() => undefined);
    await setMode('delivery').catch(() => undefined);
    await pages.closeAll();
    await browser?.close();
  });

  it('a rider books with two stops, the driver steps through them in order, and the rider sees each reached', async () => {
    // Taxi mode: the rider's Book Now goes straight to the drivers near the pickup (driver1 only, here).
    await setMode('taxi');
    await ok(driver, 'POST', '/drivers/me/location', { lat: COIMBRA.lat + 0.002, lng: COIMBRA.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });

    // The form: pickup, two stops (added, one removed and added again), drop.
    await rider.goto(`${siteUrl()}/`);
    await searchPlace(rider, 'Pickup', PLACES.pickup);
    await rider.getByTestId('stop-add').click();
    await rider.getByTestId('stop-add').click();
    await rider.getByTestId('stop-add').click();
    // Three is the most: no fourth "Add a stop".
    await rider.getByText('Up to 3 stops, visited in this order.').first().waitFor();
    expect(await rider.getByTestId('stop-add').count()).toBe(0);
    await rider.getByTestId('stop-remove-3').click();
    await searchPlace(rider, 'Stop 1', PLACES.stop1);
    await searchPlace(rider, 'Stop 2', PLACES.stop2);
    await searchPlace(rider, 'Drop', PLACES.drop);
    await rider.getByTestId('car-type-tiles').getByRole('radio', { name: /^Economy/ }).check();
    await rider.getByTestId('map-pick-target').getByText('Stop 2').waitFor();
    await both(rider, 'stops-form', () => rider.getByRole('combobox', { name: 'Stop 2', exact: true }).waitFor());

    // The estimate: the whole route through the stops, listed in order.
    await rider.getByTestId('book-button').click();
    const estimate = rider.getByTestId('estimate-modal');
    await expect.poll(() => estimate.getByTestId('estimate-distance').innerText()).toMatch(/^\d+(\.\d)? (km|mi)$/);
    const listed = estimate.getByTestId('stop-list').locator('li');
    expect(await listed.allInnerTexts()).toEqual([expect.stringMatching(PLACES.stop1.option), expect.stringMatching(PLACES.stop2.option)]);
    const viaStops = Number((await estimate.getByTestId('estimate-distance').innerText()).split(' ')[0]);
    await view(rider, 'stops-estimate-desktop');
    await rider.setViewportSize(PHONE);
    await estimate.getByTestId('stop-list').waitFor();
    await view(rider, 'stops-estimate-phone');
    await rider.setViewportSize(WIDE);
    await rider.getByTestId('confirm-booking').click();
    const success = rider.getByTestId('booking-success');
    await success.getByText('Booking successful. Booking ID:').waitFor();
    const id = BOOKING_ID.exec(await success.innerText())![1]!;
    const booked = await ok(rider, 'GET', `/bookings/${id}`);
    expect(booked.stops.map((s: { add: string }) => s.add)).toEqual([expect.stringMatching(PLACES.stop1.option), expect.stringMatching(PLACES.stop2.option)]);
    expect(booked.estimateDistance).toBeCloseTo(viaStops, 0);
    // The direct route is shorter: the stops were priced.
    const direct = await ok(rider, 'POST', '/bookings/estimate', { pickup: booked.pickup, drop: booked.drop, carTypeId: booked.carTypeId });
    expect(direct.estimateDistance).toBeLessThan(booked.estimateDistance);

    // The driver takes it and starts the trip; the console lists the stops with Navigate, and the next step is the first stop.
    await expect.poll(async () => Object.keys((await ok(admin, 'GET', `/bookings/${id}`)).requestedDrivers ?? {}).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await ok(driver, 'POST', `/bookings/${id}/accept`, {});
    await ok(driver, 'POST', `/bookings/${id}/arrive`, {});
    const otp = (await ok(admin, 'GET', `/bookings/${id}`)).otp;
    await ok(driver, 'POST', `/bookings/${id}/start`, otp ? { otp: String(otp) } : {});
    await driver.goto(`${siteUrl()}/bookings`);
    const card = driver.getByTestId('trip-view');
    const reachStop = card.getByTestId('trip-stop-reach');
    await reachStop.getByText('Reached stop 1').waitFor();
    expect(await card.getByTestId('trip-reach').count()).toBe(0);
    expect(await card.getByTestId('navigate-stop-1').getAttribute('target')).toBe('_blank');
    await card.getByTestId('navigate-stop-2').waitFor();
    await reachStop.click();
    await reachStop.getByText('Reached stop 2').waitFor();
    expect(await card.getByTestId('trip-stop-1').getAttribute('data-reached')).toBe('true');
    expect(await card.getByTestId('navigate-stop-1').count()).toBe(0);
    await both(driver, 'stops-driver', () => reachStop.getByText('Reached stop 2').waitFor());

    // The rider's trip view: the first stop reached, the second next; it moves on live when the driver marks it.
    await rider.goto(`${siteUrl()}/trip?id=${id}`);
    const trip = rider.getByTestId('trip-view');
    await trip.getByTestId('trip-stops').waitFor();
    expect(await trip.getByTestId('trip-stop-1').getAttribute('data-reached')).toBe('true');
    expect(await trip.getByTestId('trip-stop-2').getAttribute('data-reached')).toBe('false');
    await trip.getByTestId('trip-stop-2').getByText('Next').waitFor();
    await both(rider, 'stops-trip', () => trip.getByTestId('trip-stop-2').waitFor());
    await reachStop.click();
    await expect.poll(() => trip.getByTestId('trip-stop-2').getAttribute('data-reached'), { timeout: 20_000 }).toBe('true');

    // Every stop reached: the drop is the next step.
    await card.getByTestId('trip-reach').click();
    await card.getByTestId('trip-cash').click();
    await expect.poll(async () => (await ok(admin, 'GET', `/bookings/${id}`)).status, { timeout: 10_000 }).toBe('PAID');

    // The bookings list (table on a wide screen, cards on a phone) shows the stops, both reached.
    await rider.goto(`${siteUrl()}/bookings`);
    const stopsCell = rider.getByTestId('booking-stops').first();
    await stopsCell.getByText('2 of 2 stops reached').waitFor();
    await both(rider, 'stops-bookings', () => rider.getByTestId('booking-stops').first().waitFor());
  }, 300_000);
});
