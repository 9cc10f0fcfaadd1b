import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launch, PHONE, siteUrl } from './support/browser';
import { fullShot, PNG_1X1, signIn } from './support/identity';
import { ok } from './support/page-api';

/**
 * The driver's console on the street: Navigate at every point the driver drives to, the offer's
 * countdown on one line at phone width, the online switch, the current trip's card step by step,
 * and the driver's own profile (vehicle, bank details, licence). Screens at 1366 and 390 px.
 */

const WIDE = { width: 1366, height: 800 };
// Far from the simulated fleet around the demo centre: only driver1 is here.
const OSLO = { lat: 59.9139, lng: 10.7522, add: 'Oslo' };
const OSLO_DROP = { lat: 59.9239, lng: 10.7522, add: 'Grünerløkka, Oslo' };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' };
/** Headless Chromium on Linux is "not an Apple device": Google Maps directions. */
const directionsTo = (p: { lat: number; lng: number }) => `https://www.google.com/maps/dir/?api=1&destination=${p.lat}%2C${p.lng}&travelmode=driving`;

/** Every Cloudscape SpaceBetween slot inside `scope` that renders with no height: an empty block. */
const emptyBlocks = (scope: Locator) => scope.evaluate((root) => [...root.querySelectorAll<HTMLElement>('[class*="awsui_child_"]')]
  .filter((el) => el.getBoundingClientRect().height === 0)
  .map((el) => el.parentElement?.outerHTML.slice(0, 200) ?? ''));

describe('the driver console', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let riderId: string;

  const newPage = async (email: string, opts: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await browser.newContext({ viewport: WIDE, ...opts });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email);
    return page;
  };
  const both = async (page: Page, name: string) => {
    await fullShot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    await fullShot(page, `${name}-phone`);
    await page.setViewportSize(WIDE);
  };
  const booking = (id: string) => ok(admin, 'GET', `/bookings/${id}`);

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage('admin@example.com');
    const rider = await newPage('rider1@example.com');
    riderId = (await ok(rider, 'GET', '/me')).id;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('goes online by its label, gets an offer with Navigate and a one-line countdown, and drives the trip card step by step', async () => {
    const driver = await newPage('driver1@example.com', { geolocation: { latitude: OSLO.lat, longitude: OSLO.lng }, permissions: ['geolocation'] });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
    await driver.goto(`${siteUrl()}/bookings`);

    // Off, the switch says so; a tap on its label turns it on.
    const toggle = driver.getByTestId('driver-online-toggle');
    await toggle.getByText('Offline', { exact: true }).waitFor();
    expect(await toggle.locator('input').isChecked()).toBe(false);
    await toggle.getByText('Offline', { exact: true }).click();
    await toggle.getByText('Online', { exact: true }).waitFor();
    expect(await toggle.locator('input').isChecked()).toBe(true);
    await expect.poll(async () => (await ok(driver, 'GET', '/drivers/me')).dispatchable, { timeout: 20_000 }).toBe(true);
    await fullShot(driver, 'driver-console-online-desktop');

    const booked = await ok(admin, 'POST', '/bookings', { pickup: OSLO, drop: OSLO_DROP, carTypeId: 'economy', bookLater: false, riderId, instructionData: INSTRUCTIONS });
    const offer = driver.getByTestId('driver-offers');
    await offer.getByTestId('offer-accept').first().waitFor();
    expect(await offer.getByTestId('navigate-pickup').first().getAttribute('href')).toBe(directionsTo(OSLO));
    expect(await offer.getByTestId('navigate-pickup').first().getAttribute('target')).toBe('_blank');

    // At 390 px the countdown is one line inside its card.
    await driver.setViewportSize(PHONE);
    const countdown = offer.getByTestId('offer-countdown').first();
    await countdown.getByText(/\d:\d\d left to answer/).waitFor();
    const fit = await countdown.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const card = el.closest('li')?.getBoundingClientRect() ?? document.body.getBoundingClientRect();
      return { height: box.height, line: parseFloat(getComputedStyle(el).lineHeight), right: box.right, cardRight: card.right, scroll: el.scrollWidth, width: el.clientWidth };
    });
    expect(fit.height).toBeLessThan(fit.line * 1.5);
    expect(fit.right).toBeLessThanOrEqual(fit.cardRight);
    await driver.setViewportSize(WIDE);
    await both(driver, 'driver-console-offer');

    await offer.getByTestId('offer-accept').first().click();
    const card = driver.getByTestId('trip-view');
    await card.getByTestId('trip-arrive').waitFor();
    // In order: the steps, then the next step, then where to go, each with Navigate.
    const y = async (l: Locator) => (await l.boundingBox())!.y;
    expect(await y(card.getByTestId('trip-steps'))).toBeLessThan(await y(card.getByTestId('trip-next-step')));
    expect(await y(card.getByTestId('trip-next-step'))).toBeLessThan(await y(card.getByTestId('navigate-pickup')));
    expect(await card.getByTestId('navigate-pickup').getAttribute('href')).toBe(directionsTo(OSLO));
    expect(await card.getByTestId('navigate-drop').getAttribute('href')).toBe(directionsTo(OSLO_DROP));
    expect(await emptyBlocks(card)).toEqual([]);
    // A driver is not told when "the driver" arrives.
    expect(await card.getByText(/Driver arrives in/).count()).toBe(0);
    await both(driver, 'driver-console-accepted');

    await card.getByTestId('trip-arrive').click();
    await card.getByTestId('trip-start').waitFor();
    // Delivery mode: the parcel's photo at the pickup; once stored, no progress text stays behind.
    await card.getByTestId('trip-photo-pickup_image').locator('input[type="file"]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await driver.getByText('Photo saved.').first().waitFor();
    await expect.poll(() => card.getByTestId('upload-progress').count()).toBe(0);
    expect(await emptyBlocks(card)).toEqual([]);
    await both(driver, 'driver-console-arrived');

    const code = String((await booking(booked.id)).otp ?? '');
    if (code) await card.getByTestId('trip-code-input').locator('input').fill(code);
    await card.getByTestId('trip-start').click();
    await card.getByTestId('trip-reach').waitFor();
    expect(await card.getByText(/Driver arrives in|Arrival in/).count()).toBe(0);
    expect(await emptyBlocks(card)).toEqual([]);
    await both(driver, 'driver-console-started');
    await card.getByTestId('trip-reach').click();
    await card.getByTestId('trip-cash').waitFor();
    expect(await emptyBlocks(card)).toEqual([]);
    await both(driver, 'driver-console-reached');
    await card.getByTestId('trip-cash').click();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 10_000 }).toBe('PAID');
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
  }, 180_000);
});
