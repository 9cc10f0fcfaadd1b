import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, signIn } from './support/identity';
import { apiAs, ok } from './support/page-api';

/**
 * The trip in the browser: a rider watches a simulated driver (npm start's fleet, driving fast
 * under test) come, chats, and rates the paid trip; the simulated driver's wallet shows its share;
 * in delivery mode the parcel photos appear; and driver1 drives a whole trip in the driver console.
 * Set-up goes through the API; every check is what the browser shows.
 */

// Beside the simulated fleet around the demo centre (San Francisco).
const NEAR_FLEET = { lat: 37.7793, lng: -122.4193, add: 'Civic Center, San Francisco' };
const SHORT_DROP = { lat: 37.7893, lng: -122.4093, add: 'Nob Hill, San Francisco' };
// Far from every simulated driver: only driver1 is there.
const STOCKHOLM = { lat: 59.3293, lng: 18.0686, add: 'Stockholm' };
const STOCKHOLM_DROP = { lat: 59.3393, lng: 18.0686, add: 'Vasastan, Stockholm' };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' };
/** The simulated accounts of `npm start` (scripts/simulate/fleet.ts), named after the demo centre. */
const SIM_PASSWORD = 'Simulate123';

describe('the trip in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let rider: Page;
  let riderId: string;

  const newPage = async (email: string, password?: string, opts: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await browser.newContext({ viewport: DESKTOP, ...opts });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email, password);
    return page;
  };
  const setMode = async (appMode: 'taxi' | 'delivery') => {
    const { version, ...settings } = await ok(admin, 'GET', '/settings/all');
    if (settings.appMode !== appMode) await ok(admin, 'PUT', '/settings', { version, settings: { ...settings, appMode } });
  };
  const booking = (id: string) => ok(admin, 'GET', `/bookings/${id}`);

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage('admin@example.com');
    rider = await newPage('rider1@example.com');
    riderId = (await ok(rider, 'GET', '/me')).id;
  });
  afterAll(async () => {
    await setMode('delivery').catch(() => undefined);
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('taxi: a simulated driver takes the rider\'s booking; the rider watches, chats, and rates the paid trip; the driver\'s wallet has the share', async () => {
    await setMode('taxi');
    const booked = await ok(rider, 'POST', '/bookings', { pickup: NEAR_FLEET, drop: SHORT_DROP, carTypeId: 'economy', bookLater: false });
    await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await rider.getByTestId('trip-view').waitFor();
    // A simulated driver accepts after a few seconds' thought: the driver's name appears.
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 30_000, interval: 500 }).not.toBe('NEW');
    const accepted = await booking(booked.id);
    await rider.getByText(accepted.driver_name, { exact: false }).first().waitFor();
    await rider.getByTestId('trip-chat').waitFor();
    await rider.getByPlaceholder('Write a message').fill('I am by the fountain');
    await rider.getByTestId('chat-send').click();
    await rider.getByTestId('trip-chat').getByText('I am by the fountain').waitFor();
    await rider.getByTestId('trip-last-seen').waitFor({ timeout: 20_000 });
    await fullShot(rider, 'trip-rider-driver-coming-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'trip-rider-driver-coming-phone');
    await rider.setViewportSize(DESKTOP);

    // The simulated driver drives to the drop and takes cash: the rating dialog opens by itself.
    await rider.getByTestId('trip-rate').waitFor({ timeout: 90_000 });
    await fullShot(rider, 'trip-rider-rate-desktop');
    await dialog(rider).getByText('4 ★').click();
    await rider.getByTestId('trip-rate-send').click();
    await rider.getByText('★ 4').first().waitFor();
    const done = await booking(booked.id);
    expect(done).toMatchObject({ status: 'COMPLETE', rating: 4, payment_mode: 'cash' });

    // The driver's wallet shows the share of this trip.
    const drivers = await ok(admin, 'GET', '/users?usertype=driver&limit=100');
    const email = drivers.items.find((d: { id: string; email: string }) => d.id === done.driver)?.email as string;
    expect(email).toMatch(/^sim-/);
    const driver = await newPage(email, SIM_PASSWORD);
    await driver.goto(`${siteUrl()}/wallet`);
    await driver.getByTestId('wallet-history').getByText(done.id).first().waitFor();
    await driver.getByTestId('wallet-history').getByText('Your share of a trip').first().waitFor();
    await fullShot(driver, 'wallet-driver-desktop');
    await driver.setViewportSize(PHONE);
    await fullShot(driver, 'wallet-driver-phone');
  }, 180_000);

  it('delivery: the simulated driver photographs the parcel at both ends, and the rider sees the photos', async () => {
    await setMode('delivery');
    const booked = await ok(admin, 'POST', '/bookings', { pickup: NEAR_FLEET, drop: SHORT_DROP, carTypeId: 'economy', bookLater: false, riderId, instructionData: INSTRUCTIONS });
    await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await rider.getByTestId('trip-view').waitFor();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 120_000, interval: 1000 }).toBe('PAID');
    await rider.getByTestId('trip-pickup-photo').waitFor();
    await rider.getByTestId('trip-deliver-photo').waitFor();
    // The simulated photos are real-sized pictures now: they may still be loading when shown.
    for (const photo of ['trip-pickup-photo', 'trip-deliver-photo']) {
      await expect.poll(() => rider.getByTestId(photo).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    }
    await fullShot(rider, 'trip-delivery-photos-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'trip-delivery-photos-phone');
    await rider.setViewportSize(DESKTOP);
    await rider.getByTestId('trip-rate-send').click();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 10_000 }).toBe('COMPLETE');
  }, 180_000);

  it('driver1 drives a whole trip in the driver console: accept, arrive, start with the code, reach, cash', async () => {
    const driver = await newPage('driver1@example.com', undefined, { geolocation: { latitude: STOCKHOLM.lat, longitude: STOCKHOLM.lng }, permissions: ['geolocation'] });
    await ok(driver, 'POST', '/drivers/me/location', { lat: STOCKHOLM.lat + 0.002, lng: STOCKHOLM.lng });
    const presence = await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    expect(presence.dispatchable).toBe(true);
    const booked = await ok(admin, 'POST', '/bookings', { pickup: STOCKHOLM, drop: STOCKHOLM_DROP, carTypeId: 'economy', bookLater: false, riderId, instructionData: INSTRUCTIONS });
    const before = await ok(driver, 'GET', '/me/wallet');

    await driver.goto(`${siteUrl()}/bookings`);
    await driver.getByTestId('offer-accept').first().waitFor();
    await fullShot(driver, 'driver-console-offer-desktop');
    await driver.getByTestId('offer-accept').first().click();
    await driver.getByTestId('trip-arrive').waitFor();
    await fullShot(driver, 'driver-console-accepted-desktop');
    await driver.setViewportSize(PHONE);
    await fullShot(driver, 'driver-console-accepted-phone');
    await driver.setViewportSize(DESKTOP);
    await driver.getByTestId('trip-arrive').click();
    const code = String((await booking(booked.id)).otp ?? '');
    if (code) {
      await driver.getByTestId('trip-code-input').locator('input').fill('00000');
      await driver.getByTestId('trip-start').click();
      await driver.getByText(/trip code does not match/i).waitFor();
      await driver.getByTestId('trip-code-input').locator('input').fill(code);
    }
    await driver.getByTestId('trip-start').click();
    await driver.getByTestId('trip-reach').click();
    await driver.getByTestId('trip-cash').waitFor();
    await fullShot(driver, 'driver-console-reached-desktop');
    await driver.getByTestId('trip-cash').click();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 10_000 }).toBe('PAID');
    const after = await ok(driver, 'GET', '/me/wallet');
    const paid = await booking(booked.id);
    expect(after.balance).toBeCloseTo(before.balance + paid.driver_share - paid.trip_cost, 2);

    // The rider sees the paid trip and rates it.
    await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await rider.getByTestId('trip-rate').waitFor();
    await rider.getByTestId('trip-rate-send').click();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 10_000 }).toBe('COMPLETE');
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
  }, 120_000);

  it('an admin adds to a rider\'s wallet at /addtowallet; blank is refused with no_details_error; the rider\'s wallet shows the credit', async () => {
    await admin.goto(`${siteUrl()}/addtowallet`);
    await admin.getByTestId('add-to-wallet-submit').click();
    await admin.getByText('Please fill in all the details.', { exact: true }).first().waitFor();
    await admin.getByTestId('add-to-wallet-user').click();
    await admin.getByPlaceholder('Type a name or an e-mail address').fill('Rita');
    await admin.getByRole('option', { name: /Rita Rider/ }).first().click();
    await admin.getByTestId('add-to-wallet-amount').locator('input').fill('7.25');
    const before = (await ok(rider, 'GET', '/me/wallet')).balance;
    await admin.getByTestId('add-to-wallet-submit').click();
    await admin.getByText('Wallet updated successfully.').first().waitFor();
    await fullShot(admin, 'add-to-wallet-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'add-to-wallet-phone');
    await admin.setViewportSize(DESKTOP);
    expect((await ok(rider, 'GET', '/me/wallet')).balance).toBeCloseTo(before + 7.25, 2);
    await rider.goto(`${siteUrl()}/wallet`);
    await rider.getByTestId('wallet-history').getByText('Credit from the administrator').first().waitFor();
    await fullShot(rider, 'wallet-rider-desktop');
  }, 60_000);
});
