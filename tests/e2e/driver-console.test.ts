import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { emptySlots } from './support/empty-slots';
import { launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, PNG_1X1 } from './support/identity';
import { ok } from './support/page-api';
import { pagesOf } from './support/accounts';

/**
 * The driver's console on the street: Navigate at every point the driver drives to, the offer's
 * countdown on one line at phone width, the online switch, the current trip's card step by step,
 * and the driver's own profile (vehicle, bank details, documents with the licence). Screens at 1366 and 390 px.
 */

const WIDE = { width: 1366, height: 800 };
// Far from the simulated fleet around the demo centre: only driver1 is here.
const OSLO = { lat: 59.9139, lng: 10.7522, add: 'Oslo' };
const OSLO_DROP = { lat: 59.9239, lng: 10.7522, add: 'Grünerløkka, Oslo' };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' };
/** Headless Chromium on Linux is "not an Apple device": Google Maps directions. */
const directionsTo = (p: { lat: number; lng: number }) => `https://www.google.com/maps/dir/?api=1&destination=${p.lat}%2C${p.lng}&travelmode=driving`;

describe('the driver console', () => {
  let browser: Browser;
  let admin: Page;
  let riderId: string;

  const pages = pagesOf(() => browser, { viewport: WIDE });
  const both = async (page: Page, name: string) => {
    await fullShot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    await fullShot(page, `${name}-phone`);
    await page.setViewportSize(WIDE);
  };
  const booking = (id: string) => ok(admin, 'GET', `/bookings/${id}`);

  beforeAll(async () => {
    browser = await launch();
    admin = await pages.signedIn('admin@example.com');
    const rider = await pages.signedIn('rider1@example.com');
    riderId = (await ok(rider, 'GET', '/me')).id;
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
  });

  it('goes online by its label, gets an offer with Navigate and a one-line countdown, and drives the trip card step by step', async () => {
    const driver = await pages.signedIn('driver1@example.com', undefined, { geolocation: { latitude: OSLO.lat, longitude: OSLO.lng }, permissions: ['geolocation'] });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
    await driver.goto(`${siteUrl()}/bookings`);

    // Off, the switch says so; a tap on its label turns it on.
    const toggle = driver.getByTestId('driver-online-toggle');
    await toggle.getByText('Offline', { exact: true }).waitFor();
    // The switch takes taps once the server has said where the driver stands.
    await expect.poll(() => toggle.locator('input').isEnabled(), { timeout: 20_000 }).toBe(true);
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
    // The offer's flash came with it (the message pushed to the driver's phones too).
    const waiting = driver.getByText(`A new booking is waiting for you: ${OSLO.add}`);
    await waiting.first().waitFor();
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
    expect(await emptySlots(card)).toEqual([]);
    // A driver is not told when "the driver" arrives.
    expect(await card.getByText(/Driver arrives in/).count()).toBe(0);
    // Nor that the booking they have just taken "is waiting": the offer's flash left with the offer.
    await expect.poll(() => waiting.count()).toBe(0);
    await both(driver, 'driver-console-accepted');

    await card.getByTestId('trip-arrive').click();
    await card.getByTestId('trip-start').waitFor();
    // Delivery mode: the parcel's photo at the pickup; once stored, no progress text stays behind.
    await card.getByTestId('trip-photo-pickup_image').locator('input[type="file"]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await driver.getByText('Photo saved.').first().waitFor();
    await expect.poll(() => card.getByTestId('upload-progress').count()).toBe(0);
    expect(await emptySlots(card)).toEqual([]);
    await both(driver, 'driver-console-arrived');

    const code = String((await booking(booked.id)).otp ?? '');
    if (code) await card.getByTestId('trip-code-input').locator('input').fill(code);
    await card.getByTestId('trip-start').click();
    await card.getByTestId('trip-reach').waitFor();
    expect(await card.getByText(/Driver arrives in|Arrival in/).count()).toBe(0);
    expect(await emptySlots(card)).toEqual([]);
    await both(driver, 'driver-console-started');
    await card.getByTestId('trip-reach').click();
    await card.getByTestId('trip-cash').waitFor();
    expect(await emptySlots(card)).toEqual([]);
    await both(driver, 'driver-console-reached');
    await card.getByTestId('trip-cash').click();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 10_000 }).toBe('PAID');
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
  }, 180_000);

  it('the driver keeps their vehicle, bank details and documents on /profile, the licence once, in its document card; a withdrawal reuses the bank details; an admin sees the same on the driver', async () => {
    const driver = await pages.signedIn('driver1@example.com');
    // driver1 drives Economy trips in later files: its vehicle is put back whatever happens here.
    const kept = await ok(driver, 'GET', '/me');
    onTestFinished(async () => {
      const vehicle = Object.fromEntries(['vehicleMake', 'vehicleModel', 'vehicleNumber', 'carType'].filter((k) => kept[k]).map((k) => [k, kept[k]]));
      await ok(driver, 'PATCH', '/me/driver-details', vehicle);
    });
    await driver.goto(`${siteUrl()}/profile`);
    const field = (name: string) => driver.getByTestId(`driver-${name}`).locator('input');
    await field('vehicleMake').waitFor();
    // The licence is one of the documents: its card is the only place the profile shows or replaces it.
    const licenceCard = driver.getByTestId('document-licence');
    await licenceCard.getByTestId('document-licence-state').waitFor();
    await field('vehicleMake').fill('Toyota');
    await field('vehicleModel').fill('Prius');
    await field('vehicleNumber').fill('OSL 4242');
    await driver.getByTestId('driver-carType').click();
    await driver.getByRole('option', { name: 'Van', exact: true }).click();
    await field('bankName').fill('Fjord Bank');
    await field('bankCode').fill('FJ01');
    await field('bankAccount').fill('9988776655');
    await driver.getByTestId('driver-details-save').click();
    await driver.getByTestId('driver-details-message').getByText('Vehicle and bank details saved.').waitFor();
    expect(await ok(driver, 'GET', '/me')).toMatchObject({ vehicleMake: 'Toyota', vehicleModel: 'Prius', vehicleNumber: 'OSL 4242', carType: 'Van', bankName: 'Fjord Bank', bankCode: 'FJ01', bankAccount: '9988776655' });

    // A new licence, picture and expiry day, uploaded in its document card: shown there, waiting
    // for review; no progress text stays behind, and no second licence box anywhere on the page.
    const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await licenceCard.getByTestId('document-licence-file').locator('input[type="file"]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await licenceCard.getByTestId('document-licence-expiry').locator('input').fill(expiry.replaceAll('-', '/'));
    await licenceCard.getByTestId('document-licence-save').click();
    await licenceCard.getByTestId('document-licence-message').getByText('waiting for review').waitFor();
    await expect.poll(() => licenceCard.getByTestId('document-licence-state').textContent(), { timeout: 15_000 }).toContain('Waiting for review');
    const licence = licenceCard.getByTestId('document-licence-image');
    await licence.waitFor();
    await expect.poll(() => licence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await driver.getByTestId('upload-progress').count()).toBe(0);
    const licenceImages = (page: Page) => page.getByRole('img', { name: /licence/i }).count();
    /** Every document picture on the page has loaded: what the shots show. */
    const documentPictures = (scope: Page | Locator) => scope.locator('[data-testid="driver-documents"] img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
    expect(await licenceImages(driver)).toBe(1);
    const me = await ok(driver, 'GET', '/me');
    const docs = await ok(driver, 'GET', `/users/${me.id}/documents`);
    expect(docs.items.find((i: { type: string }) => i.type === 'licence')).toMatchObject({ state: 'pending', expiresOn: expiry });
    await driver.reload();
    await field('vehicleNumber').waitFor();
    expect(await field('vehicleNumber').inputValue()).toBe('OSL 4242');
    expect(await field('bankAccount').inputValue()).toBe('9988776655');
    await licence.waitFor();
    expect(await licenceImages(driver)).toBe(1);
    await expect.poll(() => documentPictures(driver)).toBe(true);
    await both(driver, 'profile-driver');

    // The withdrawal does not ask for the bank details again: it names the kept ones and uses them.
    const { id } = await ok(driver, 'GET', '/me');
    await ok(admin, 'POST', `/wallets/${id}/credits`, { amount: '15.00' });
    await driver.goto(`${siteUrl()}/wallet`);
    await driver.getByTestId('wallet-withdraw').click();
    const ask = dialog(driver);
    await ask.getByTestId('withdraw-bank-kept').getByText(/Fjord Bank, account ending 6655/).waitFor();
    expect(await ask.getByTestId('withdraw-bankName').count()).toBe(0);
    await ask.getByTestId('withdraw-amount').locator('input').fill('3.50');
    await both(driver, 'driver-withdraw-kept-bank');
    await ask.getByTestId('withdraw-request-submit').click();
    await ask.waitFor({ state: 'hidden' });
    const [request] = (await ok(driver, 'GET', '/withdraws?limit=1')).items;
    expect(request).toMatchObject({ amount: 3.5, bankName: 'Fjord Bank', bankCode: 'FJ01', bankAccount: '9988776655' });

    // The admin's drivers table: the same vehicle, and on the driver's form the same bank details
    // and the same documents, the licence among them, once.
    await admin.goto(`${siteUrl()}/drivers`);
    // Newest first, 20 to a page: the seeded driver is found by the filter, wherever earlier files' drivers put him.
    await admin.getByPlaceholder('Find drivers').fill('OSL 4242');
    const row = admin.getByRole('row', { name: /Dan Driver/ });
    await row.getByText('OSL 4242').waitFor();
    await row.locator('input[type="radio"], input[type="checkbox"]').first().check();
    await admin.getByTestId('user-actions').click();
    await admin.getByRole('menuitem', { name: 'Edit' }).click();
    const form = dialog(admin);
    await form.getByRole('textbox', { name: 'Bank account' }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Bank account' }).inputValue()).toBe('9988776655');
    const seen = form.getByTestId('document-licence-image');
    await seen.waitFor();
    await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await form.getByTestId('document-licence-state').textContent()).toContain('Waiting for review');
    expect(await licenceImages(admin)).toBe(1);
    await expect.poll(() => documentPictures(form)).toBe(true);
    // The modal scrolls inside itself: each shot shows the driver's documents, where the licence is.
    const documents = form.getByTestId('driver-documents');
    await documents.scrollIntoViewIfNeeded();
    await fullShot(admin, 'profile-admin-driver-desktop');
    await admin.setViewportSize(PHONE);
    await documents.scrollIntoViewIfNeeded();
    await fullShot(admin, 'profile-admin-driver-phone');
    await admin.setViewportSize(WIDE);
  }, 180_000);

  it('the offer window is a setting of the settings form: 30 s by default, refused out of bounds with the range named', async () => {
    await admin.goto(`${siteUrl()}/settings`);
    const seconds = admin.getByTestId('settings-offerSeconds').locator('input');
    await seconds.waitFor();
    expect(await seconds.getAttribute('placeholder')).toBe('30');
    await seconds.fill('300');
    await admin.getByTestId('settings-save').click();
    await admin.getByText('Enter a whole number from 5 to 120, or leave it empty for the default.').first().waitFor();
    await seconds.scrollIntoViewIfNeeded();
    await fullShot(admin, 'driver-offer-window-setting-desktop');
    await admin.setViewportSize(PHONE);
    await seconds.scrollIntoViewIfNeeded();
    await fullShot(admin, 'driver-offer-window-setting-phone');
    await admin.setViewportSize(WIDE);
    expect((await ok(admin, 'GET', '/settings/all')).offerSeconds).toBeUndefined();
  }, 60_000);
});
