import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, SCREENSHOTS, screenshot, siteUrl } from './support/browser';
import { DEMO_PASSWORD, dialog, signIn } from './support/identity';
import { apiAs, idTokenOf } from './support/page-api';
import { formatZonedInput } from '../../shared/src/domain/time-zone';

/** The gazetteer of the local cloud knows cities and towns; these are in it. */
const SF = { search: 'San Francisco', option: /^San Francisco, CA, US/ };
const OAKLAND = { search: 'Oakland', option: /^Oakland, CA, US/ };
/** Far from the simulated fleet near San Francisco: Book Now finds no driver there. */
const REYKJAVIK = { search: 'Reykjavik', option: /^Reykjavík, IS/ };
const KOPAVOGUR = { search: 'Kopavogur', option: /^Kópavogur, IS/ };

const NO_DRIVER = 'No driver is available near the pickup right now.';
const BOOKING_ID = /Booking successful\. Booking ID:\s*([A-Z0-9]+)/;

/** Bookings this file made, cancelled at the end so a shared instance keeps no open offers. */
const made: string[] = [];

interface PublicSettings {
  appMode: 'taxi' | 'delivery';
}

async function publicSettings(): Promise<PublicSettings> {
  const res = await fetch(`${siteUrl()}/api/settings`);
  return (await res.json()) as PublicSettings;
}

/** The whole page from the top (the sticky header would otherwise be painted mid-page). */
async function fullPage(page: Page, name: string) {
  await page.evaluate(() => new Promise<void>((done) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(() => done())); }));
  await screenshot(page, name);
}

/** What the user sees right now, e.g. a dialog over the page. */
async function view(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

/** Chooses a suggestion of the pickup or drop search. */
async function searchPlace(page: Page, label: 'Pickup' | 'Drop', place: { search: string; option: RegExp }) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(place.search);
  await page.getByRole('option', { name: place.option }).first().click();
  await expect.poll(() => box.inputValue()).toMatch(place.option);
}

async function chooseCarType(page: Page, name: string) {
  await page.getByTestId('car-type-tiles').getByRole('radio', { name: new RegExp(`^${name}`) }).check();
}

/** 'YYYY-MM-DD' and 'HH:mm' of a moment on the operator's clock (the demo's zone), which the field means. */
function localDateTime(ms: number) {
  const [date = '', time = ''] = formatZonedInput(ms, 'America/Los_Angeles').split('T');
  return { date, time };
}

async function bookLaterAt(page: Page, ms: number) {
  await page.getByTestId('book-when').getByText('Book later', { exact: true }).click();
  const { date, time } = localDateTime(ms);
  await page.getByTestId('trip-date').locator('input').fill(date);
  await page.getByTestId('trip-time').locator('input').fill(time);
}

/** In delivery mode the estimate dialog asks who receives the parcel. */
async function fillDeliveryPerson(page: Page, mode: PublicSettings['appMode']) {
  if (mode !== 'delivery') return;
  const estimate = page.getByTestId('estimate-modal');
  await estimate.getByLabel('Name', { exact: true }).fill('Ana Receiver');
  await estimate.getByLabel('Phone', { exact: true }).fill('555 123 4567');
  await estimate.getByLabel('Delivery instructions', { exact: true }).fill('Leave at the front desk');
}

/** The booking id the success dialog names, remembered for clean-up. */
async function successId(page: Page): Promise<string> {
  const success = page.getByTestId('booking-success');
  await success.getByText('Booking successful. Booking ID:').waitFor();
  const id = BOOKING_ID.exec(await success.innerText())?.[1];
  expect(id).toMatch(/^[A-Z0-9]{6,}$/);
  made.push(id!);
  return id!;
}

/** Clicks the map at a fraction of its width and height. */
async function clickMap(page: Page, fx: number, fy: number) {
  const map = page.locator('[data-testid="trip-map"][data-map-state="ready"]');
  await map.waitFor();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

describe('booking form: landing page and /addbookings (spec §2, §4, §5)', () => {
  let browser: Browser;
  let rider: BrowserContext;
  let page: Page;
  let mode: PublicSettings['appMode'];

  beforeAll(async () => {
    browser = await launch();
    mode = (await publicSettings()).appMode;
    rider = await browser.newContext({ viewport: DESKTOP });
    page = await rider.newPage();
    await signIn(page, 'rider1@example.com', DEMO_PASSWORD);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      await view(page, `booking-form-failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    // Leave no open booking behind (the simulated fleet would otherwise keep answering offers).
    if (page && made.length) {
      const token = await idTokenOf(page).catch(() => undefined);
      for (const id of made) {
        await fetch(`${siteUrl()}/api/bookings/${id}/cancel`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'e2e clean-up' }),
        }).catch(() => undefined);
      }
    }
    await browser?.close();
  });

  it('shows the form to a visitor: the search asks to sign in, map points work, Book says must_login', async () => {
    const visitor = await browser.newPage({ viewport: DESKTOP });
    try {
      await visitor.goto(siteUrl());
      await visitor.getByTestId('booking-form-slot').waitFor();
      await visitor.getByTestId('booking-sign-in-note').waitFor();
      await visitor.getByRole('combobox', { name: 'Pickup', exact: true }).fill('San');
      await visitor.getByText('Sign in to search for places.').waitFor();
      // No location permission: spec §8 allow_location, in red.
      await visitor.getByTestId('use-my-location').click();
      await visitor.getByTestId('booking-notice').getByText('Please allow location access in your browser.').waitFor();
      // Points picked on the map are usable without a name: their coordinates are the address.
      await clickMap(visitor, 0.45, 0.5);
      await clickMap(visitor, 0.7, 0.35);
      await expect.poll(() => visitor.getByRole('combobox', { name: 'Pickup', exact: true }).inputValue()).toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
      await expect.poll(() => visitor.getByRole('combobox', { name: 'Drop', exact: true }).inputValue()).toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
      await visitor.getByTestId('map-pickup-marker').waitFor();
      await visitor.getByTestId('map-drop-marker').waitFor();
      await visitor.getByTestId('book-button').click();
      await visitor.getByTestId('booking-form-error').getByText('Please sign in to book.').waitFor();
      await fullPage(visitor, 'booking-form-visitor-desktop');
    } finally {
      await visitor.close();
    }
  });

  it('checks the form before asking the server: select_proper, then past_booking_error', async () => {
    await page.goto(siteUrl());
    await page.getByTestId('booking-form-slot').waitFor();
    await page.getByTestId('book-button').click();
    await page.getByTestId('booking-form-error').getByText('Please fill in all the required fields.').waitFor();
    await searchPlace(page, 'Pickup', SF);
    await searchPlace(page, 'Drop', OAKLAND);
    await chooseCarType(page, 'Economy');
    await bookLaterAt(page, Date.now() + 5 * 60_000);
    await page.getByTestId('book-button').click();
    await page.getByTestId('booking-form-error').getByText('A later booking must be at least 15 minutes from now.').waitFor();
    expect(await page.getByTestId('estimate-modal').isVisible()).toBe(false);
  });

  it('a rider books San Francisco → Oakland for later: estimate with route, then success with the booking id', async () => {
    await page.goto(siteUrl());
    await page.getByTestId('booking-form-slot').waitFor();
    await searchPlace(page, 'Pickup', SF);
    await searchPlace(page, 'Drop', OAKLAND);
    await chooseCarType(page, 'Van');
    await bookLaterAt(page, Date.now() + 60 * 60_000);
    await page.getByTestId('book-button').click();

    if (mode === 'delivery') {
      // Van has parcel types and options: asked before the estimate, amounts shown.
      const parcel = page.getByTestId('parcel-modal');
      await parcel.getByText('Small box').click();
      await parcel.getByText('Express').click();
      await parcel.getByText('+ $5.00').waitFor();
      await view(page, 'booking-form-parcel-desktop');
      await page.getByTestId('parcel-continue').click();
    }

    const estimate = page.getByTestId('estimate-modal');
    await estimate.getByText('Fare estimate').waitFor();
    await expect.poll(() => estimate.getByTestId('estimate-distance').innerText()).toMatch(/^\d+(\.\d)? (km|mi)$/);
    await expect.poll(() => estimate.getByTestId('estimate-grand-total').innerText()).toMatch(/^\$\d+\.\d{2}$/);
    if (mode === 'delivery') {
      await estimate.getByText('Small box (+ $5.00)').waitFor();
      await estimate.getByText('Express (+ $6.00)').waitFor();
      // Spec §5: the delivery person's details are required (deliveryDetailMissing).
      await page.getByTestId('confirm-booking').click();
      await estimate.getByText("Please enter the delivery person's name and a valid phone number.").first().waitFor();
      await fillDeliveryPerson(page, mode);
    }
    await view(page, 'booking-form-estimate-desktop');
    await page.getByTestId('confirm-booking').click();

    const id = await successId(page);
    // Every text of the form and its dialogs is in the catalogue (no raw keys on screen).
    expect(await page.locator('body').innerText()).not.toMatch(/\bbf_[a-z_]+/);
    await page.getByTestId('booking-dispatch-state').getByText(mode === 'delivery' ? /Payment is pending/ : /Scheduled for/).waitFor();
    await view(page, 'booking-form-success-desktop');

    // The booking is the rider's, with the trip as chosen.
    const res = await fetch(`${siteUrl()}/api/bookings/${id}`, { headers: { authorization: `Bearer ${await idTokenOf(page)}` } });
    const booking = (await res.json()) as { bookLater: boolean; carType: string; pickupAddress: string; dropAddress: string; status: string };
    expect(booking).toMatchObject({ bookLater: true, carType: 'Van', pickupAddress: 'San Francisco, CA, US', dropAddress: 'Oakland, CA, US' });
    expect(booking.status).toBe(mode === 'delivery' ? 'PAYMENT_PENDING' : 'NEW');

    // Closing clears the form (spec §4); taxi mode goes on to /bookings.
    await page.getByTestId('booking-success-close').click();
    if (mode === 'taxi') await page.waitForURL('**/bookings');
    else await expect.poll(() => page.getByRole('combobox', { name: 'Pickup', exact: true }).inputValue()).toBe('');
  });

  it('in taxi mode a rider books Now beside the simulated fleet and sees the offer go out', async () => {
    // `npm start` puts simulated drivers online around San Francisco; taxi bookings are dispatched at once.
    const admin = await browser.newContext({ viewport: DESKTOP });
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'admin@example.com', DEMO_PASSWORD);
    const setMode = async (appMode: 'taxi' | 'delivery') => {
      const { body } = await apiAs(adminPage, 'GET', '/settings/all');
      const { version, ...settings } = body;
      if (settings.appMode === appMode) return;
      const saved = await apiAs(adminPage, 'PUT', '/settings', { version, settings: { ...settings, appMode } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await setMode('taxi');
    try {
      await page.goto(siteUrl());
      await page.getByTestId('booking-form-slot').waitFor();
      await searchPlace(page, 'Pickup', SF);
      await searchPlace(page, 'Drop', OAKLAND);
      await chooseCarType(page, 'Economy');
      await page.getByTestId('book-button').click();
      await page.getByTestId('estimate-modal').getByText('Fare estimate').waitFor();
      await page.getByTestId('confirm-booking').click();
      const id = await successId(page);
      // A simulated driver thinks 0.2-0.6 s, so the offer may already be taken when the dialog draws it.
      await page.getByTestId('booking-dispatch-state').getByText(/Offered to \d+ nearby drivers?|accepted the booking/).waitFor();
      await view(page, 'booking-form-offered-desktop');
      await page.setViewportSize(PHONE);
      await view(page, 'booking-form-offered-phone');
      await page.setViewportSize(DESKTOP);
      const booking = (await apiAs(page, 'GET', `/bookings/${id}`)).body;
      expect(booking).toMatchObject({ bookLater: false, carType: 'Economy' });
      // The simulated drivers take offers after a few seconds' thought: by now one may have.
      if (booking.status === 'NEW') expect(booking.offersOut).toBeGreaterThan(0);
      else expect(booking.driver).toEqual(expect.any(String));
      await page.getByTestId('booking-success-close').click();
      await page.waitForURL('**/bookings');
    } finally {
      await setMode(mode);
      await admin.close();
    }
  });

  it('Book Now far from every driver (Reykjavík) shows no_driver_found_alert_messege', async () => {
    await page.goto(siteUrl());
    await page.getByTestId('booking-form-slot').waitFor();
    await searchPlace(page, 'Pickup', REYKJAVIK);
    await searchPlace(page, 'Drop', KOPAVOGUR);
    await chooseCarType(page, 'Economy');
    await page.getByTestId('book-button').click();
    await page.getByTestId('estimate-modal').getByText('Fare estimate').waitFor();
    await fillDeliveryPerson(page, mode);
    await page.getByTestId('confirm-booking').click();
    await page.getByTestId('booking-error').getByText(NO_DRIVER).waitFor();
    await view(page, 'booking-form-no-driver-desktop');
    await page.getByTestId('estimate-modal').getByRole('button', { name: 'Cancel' }).click();
    // The estimate's route stays on the map while the trip is unchanged.
    await fullPage(page, 'booking-form-route-desktop');
  });

  it('at phone width the fields and the map stack; the pickup can be the browser location', async () => {
    const phone = await browser.newContext({
      viewport: PHONE,
      storageState: await rider.storageState(),
      geolocation: { latitude: 37.7849, longitude: -122.4094 },
      permissions: ['geolocation'],
    });
    const small = await phone.newPage();
    try {
      // The stored session is held back until the location is chosen: the point is first shown by
      // its coordinates (a visitor's form), then named once the session arrives.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await small.route(/\/me(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await small.goto(siteUrl());
      await small.getByTestId('booking-form-slot').waitFor();
      await small.getByTestId('use-my-location').click();
      const pickupField = small.getByRole('combobox', { name: 'Pickup', exact: true });
      await expect.poll(() => pickupField.inputValue()).toBe('37.78490, -122.40940');
      // A search typed meanwhile is answered once the session is there.
      const dropField = small.getByRole('combobox', { name: 'Drop', exact: true });
      await dropField.fill(OAKLAND.search);
      await small.getByText('Sign in to search for places.').first().waitFor();
      // Past the 200 ms search debounce: the search ran while signed out.
      await small.waitForTimeout(1000);
      release();
      // Named by reverse geocoding ("… of San Francisco, CA, US" or a district of it).
      await expect.poll(() => pickupField.inputValue(), { timeout: 10_000 }).toMatch(/, CA, US$/);
      await small.getByRole('option', { name: OAKLAND.option }).first().click();
      await expect.poll(() => dropField.inputValue()).toMatch(OAKLAND.option);
      await chooseCarType(small, 'Comfort');
      const button = (await small.getByTestId('book-button').boundingBox())!;
      const map = (await small.getByTestId('trip-map').boundingBox())!;
      expect(map.y).toBeGreaterThan(button.y + button.height);
      expect(map.width).toBeGreaterThan(PHONE.width * 0.75);
      await small.locator('[data-testid="trip-map"][data-map-state="ready"]').waitFor();
      await fullPage(small, 'booking-form-phone');
      await small.getByTestId('book-button').click();
      await small.getByTestId('estimate-modal').getByText('Fare estimate').waitFor();
      await view(small, 'booking-form-estimate-phone');
    } finally {
      await phone.close();
    }
  });

  it('an admin books for a rider at /addbookings with points picked on the map', async () => {
    const admin = await browser.newContext({ viewport: DESKTOP });
    const adminPage = await admin.newPage();
    try {
      await signIn(adminPage, 'admin@example.com', DEMO_PASSWORD);
      await adminPage.goto(`${siteUrl()}/addbookings`);
      // Spec §5: on /addbookings the rider is required too.
      await adminPage.getByTestId('book-button').click();
      await adminPage.getByText('Please fill in all the required fields.').first().waitFor();
      await adminPage.getByTestId('rider-select').click();
      // A type-ahead over every rider: the server finds her by name.
      await adminPage.getByPlaceholder('Type a name or an e-mail address').fill('rita rid');
      await adminPage.getByRole('option', { name: /Rita Rider/ }).first().click();
      // Pickup, then drop (the pick target toggles), named by reverse geocoding.
      await clickMap(adminPage, 0.4, 0.55);
      await clickMap(adminPage, 0.57, 0.62);
      await expect.poll(() => adminPage.getByRole('combobox', { name: 'Drop', exact: true }).inputValue()).toMatch(/[A-Za-z]/);
      await expect.poll(() => adminPage.getByRole('combobox', { name: 'Pickup', exact: true }).inputValue()).toMatch(/[A-Za-z]/);
      await chooseCarType(adminPage, 'Comfort');
      await bookLaterAt(adminPage, Date.now() + 90 * 60_000);
      await fullPage(adminPage, 'booking-form-admin-desktop');
      await adminPage.getByTestId('book-button').click();
      await adminPage.getByTestId('estimate-modal').getByText('Fare estimate').waitFor();
      await fillDeliveryPerson(adminPage, mode);
      await adminPage.getByTestId('confirm-booking').click();
      const success = adminPage.getByTestId('booking-success');
      await success.getByText('Booking successful. Booking ID:').waitFor();
      const id = BOOKING_ID.exec(await success.innerText())?.[1];
      expect(id).toMatch(/^[A-Z0-9]{6,}$/);
      made.push(id!);
      // An admin's booking is NEW in both modes (spec §4 Creation).
      await success.getByText('New', { exact: true }).waitFor();
      await view(adminPage, 'booking-form-admin-success-desktop');
      await dialog(adminPage).getByTestId('booking-success-close').click();
      await expect.poll(() => adminPage.getByRole('combobox', { name: 'Pickup', exact: true }).inputValue()).toBe('');
    } finally {
      await admin.close();
    }
  });
});
