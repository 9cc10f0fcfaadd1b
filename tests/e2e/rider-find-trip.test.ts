import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, PHONE, siteUrl } from './support/browser';
import { fullShot, shot, signIn, unique } from './support/identity';
import { ok } from './support/page-api';

/**
 * A rider finds their trip: the booking id opens the live trip, a banner on every page while a
 * trip is on (gone when it ends), /trip without an id lists the trips on, an empty bookings list
 * offers to book. The booking form says "no driver nearby" from the pickup and car type alone,
 * takes a parcel of "none" and shows car pictures. On a phone, lists are cards and the menu is a
 * 240 px drawer.
 */

const WIDE = { width: 1366, height: 900 };
// Beside the simulated fleet around the demo centre (San Francisco); a short trip, so it ends soon.
const NEAR_FLEET = { lat: 37.7793, lng: -122.4193, add: 'Civic Center, San Francisco' };
const SHORT_DROP = { lat: 37.7893, lng: -122.4093, add: 'Nob Hill, San Francisco' };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' };
const NO_DRIVER = 'No driver is available near the pickup right now.';

/** Chooses a suggestion of the pickup or drop search. */
async function searchPlace(page: Page, label: 'Pickup' | 'Drop', search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await expect.poll(() => box.inputValue()).toMatch(option);
}

const chooseCarType = (page: Page, name: string) =>
  page.getByTestId('car-type-tiles').getByRole('radio', { name: new RegExp(`^${name}`) }).check();

describe('a rider finds the trip', () => {
  let browser: Browser;
  let adminCtx: BrowserContext;
  let admin: Page;
  let newRider: { email: string; password: string };
  const contexts: BrowserContext[] = [];

  /** A signed-in page of `email` at `viewport`. */
  async function pageOf(email: string, viewport: { width: number; height: number }, password?: string): Promise<Page> {
    const ctx = await browser.newContext({ viewport });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email, password);
    return page;
  }

  /** A rider of this file's own, with no booking yet (the demo riders' trips are other files' too). */
  async function freshRider(label: string): Promise<{ email: string; password: string }> {
    const n = unique(label);
    const made = { email: n.email, password: 'Rider1234' };
    await ok(admin, 'POST', '/users', { usertype: 'rider', firstName: 'Nina', lastName: `New${n.tag}`, email: n.email, mobile: `+1${n.phone}`, password: made.password });
    return made;
  }

  beforeAll(async () => {
    browser = await launch();
    adminCtx = await browser.newContext({ viewport: WIDE });
    admin = await adminCtx.newPage();
    await signIn(admin, 'admin@example.com');
    newRider = await freshRider('finder');
  }, 120_000);

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
    await adminCtx?.close();
    await browser?.close();
  });

  it('an empty bookings list offers to book, and /trip without an id says no trip is on and offers to book', async () => {
    for (const [size, viewport] of [['desktop', WIDE], ['phone', PHONE]] as const) {
      const rider = await pageOf(newRider.email, viewport, newRider.password);
      await rider.goto(`${siteUrl()}/bookings`);
      const book = rider.getByTestId('bookings-empty-book');
      await book.waitFor();
      await fullShot(rider, `rider-bookings-empty-${size}`);
      await rider.goto(`${siteUrl()}/trip`);
      await rider.getByText('No trip is on right now.').waitFor();
      expect(await rider.getByText('This trip cannot be shown.').count()).toBe(0);
      await fullShot(rider, `rider-trips-none-${size}`);
      await rider.getByTestId('trip-list-book').click();
      await rider.waitForURL((u) => u.pathname === '/');
      await rider.getByTestId('book-button').waitFor();
    }
  });

  it('the booking form says "no driver nearby" from the pickup and car type alone, before the drop; car types have pictures', async () => {
    const rider = await pageOf(newRider.email, WIDE, newRider.password);
    await rider.goto(siteUrl());
    await rider.getByTestId('booking-form-slot').waitFor();
    // Every car type has a picture: its image or a drawing of its kind (the seed's have no image).
    const tiles = rider.getByTestId('car-type-tiles');
    await tiles.waitFor();
    const pictures = tiles.locator('[data-testid="car-picture"], img');
    expect(await pictures.count()).toBe(await tiles.getByRole('radio').count());
    expect(await tiles.locator('[data-vehicle-kind="van"]').count()).toBeGreaterThan(0);

    await searchPlace(rider, 'Pickup', 'Reykjavik', /^Reykjavík, IS/);
    await chooseCarType(rider, 'Economy');
    // No drop, no parcel, no recipient yet: the answer is already there.
    await rider.getByTestId('no-driver-nearby').getByText(NO_DRIVER).waitFor();
    expect(await rider.getByRole('combobox', { name: 'Drop', exact: true }).inputValue()).toBe('');
    await fullShot(rider, 'rider-form-no-driver-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'rider-form-no-driver-phone');
    await rider.setViewportSize(WIDE);

    // Near the simulated fleet the warning goes.
    await searchPlace(rider, 'Pickup', 'San Francisco', /^San Francisco, CA/);
    await rider.getByTestId('drivers-nearby').waitFor({ timeout: 20_000 });
    expect(await rider.getByTestId('no-driver-nearby').count()).toBe(0);
  });

  it('a parcel of "none" is priced as no parcel; the form speaks of a parcel in delivery mode', async () => {
    const settings = await (await fetch(`${siteUrl()}/api/settings`)).json() as { appMode: string };
    const rider = await pageOf(newRider.email, WIDE, newRider.password);
    await rider.goto(siteUrl());
    await rider.getByTestId('booking-form-slot').waitFor();
    await rider.getByRole('heading', { name: settings.appMode === 'delivery' ? 'Send a parcel' : 'Book a ride' }).waitFor();
    expect(settings.appMode, 'the demo runs in delivery mode').toBe('delivery');
    await searchPlace(rider, 'Pickup', 'San Francisco', /^San Francisco, CA/);
    await searchPlace(rider, 'Drop', 'Oakland', /^Oakland, CA/);
    await chooseCarType(rider, 'Van');
    await rider.getByTestId('book-button').click();
    const parcel = rider.getByTestId('parcel-modal');
    await parcel.waitFor();
    const types = parcel.getByRole('radiogroup').first();
    const options = parcel.getByRole('radiogroup').nth(1);
    await types.getByRole('radio', { name: /^None/ }).check();
    await options.getByRole('radio', { name: /^None/ }).check();
    await shot(rider, 'rider-parcel-none-desktop');
    await rider.setViewportSize(PHONE);
    await shot(rider, 'rider-parcel-none-phone');
    await rider.setViewportSize(WIDE);
    const asked = rider.waitForRequest((r) => r.url().endsWith('/bookings/estimate'));
    const answered = rider.waitForResponse((r) => r.url().endsWith('/bookings/estimate'));
    await rider.getByTestId('parcel-continue').click();
    expect((await asked).postDataJSON()).toMatchObject({ parcelTypeIndex: null, optionIndex: null });
    const estimate = await (await answered).json();
    expect(estimate.parcelTypeSelected).toBeUndefined();
    expect(estimate.optionSelected).toBeUndefined();
    await rider.getByTestId('estimate-modal').getByText('Fare estimate').waitFor();
    await rider.setViewportSize(PHONE);
    await shot(rider, 'rider-parcel-estimate-phone');
  });

  it('the booking id opens the live trip; a banner shows on every page while the trip is on and goes when it ends', async () => {
    // Its own rider: a demo rider may have a trip of another file's on, and two trips make the banner a list.
    const own = await freshRider('banner');
    const rider = await pageOf(own.email, WIDE, own.password);
    const riderPhone = await pageOf(own.email, PHONE, own.password);
    const riderId = (await ok(rider, 'GET', '/me')).id as string;
    await rider.goto(`${siteUrl()}/profile`);
    await riderPhone.goto(`${siteUrl()}/wallet`);
    // An admin's Book Now for the rider goes to the simulated drivers at once.
    const booked = await ok(admin, 'POST', '/bookings', { pickup: NEAR_FLEET, drop: SHORT_DROP, carTypeId: 'economy', bookLater: false, riderId, instructionData: INSTRUCTIONS });

    // The banner comes live (no reload) on a page that has nothing to do with bookings.
    const banner = rider.getByTestId('active-trip-banner');
    await banner.waitFor({ timeout: 20_000 });
    await riderPhone.getByTestId('active-trip-banner').waitFor({ timeout: 20_000 });
    await fullShot(rider, 'rider-active-trip-banner-desktop');
    await fullShot(riderPhone, 'rider-active-trip-banner-phone');

    // The booking id in the list is a link to the trip.
    await rider.goto(`${siteUrl()}/bookings`);
    const idLink = rider.getByRole('link', { name: booked.id, exact: true });
    await idLink.click();
    await rider.waitForURL((u) => u.pathname === '/trip' && u.searchParams.get('id') === booked.id);
    await rider.getByTestId('trip-view').waitFor();
    // On the trip's own page the banner would only repeat it.
    expect(await rider.getByTestId('active-trip-banner').count()).toBe(0);

    // The banner's button leads to the trip too; /trip alone lists it.
    await riderPhone.getByTestId('active-trip-open').click();
    await riderPhone.waitForURL((u) => u.pathname === '/trip' && u.searchParams.get('id') === booked.id);
    await riderPhone.getByTestId('trip-view').waitFor();
    await rider.goto(`${siteUrl()}/trip`);
    await rider.getByTestId('active-trips').getByRole('link', { name: booked.id }).waitFor();
    await fullShot(rider, 'rider-trips-on-desktop');
    await riderPhone.goto(`${siteUrl()}/trip`);
    await riderPhone.getByTestId('active-trips').getByRole('link', { name: booked.id }).waitFor();
    await fullShot(riderPhone, 'rider-trips-on-phone');

    // Admins and fleet admins reach the trip from their lists the same way.
    await admin.goto(`${siteUrl()}/bookings`);
    const adminLink = admin.getByRole('link', { name: booked.id, exact: true });
    await adminLink.waitFor();
    expect(await adminLink.getAttribute('href')).toBe(`/trip?id=${booked.id}`);

    // When the trip ends the banner goes, again without a reload.
    await rider.goto(`${siteUrl()}/profile`);
    await riderPhone.goto(`${siteUrl()}/wallet`);
    const status = async () => (await ok(admin, 'GET', `/bookings/${booked.id}`)).status as string;
    await expect.poll(status, { timeout: 180_000, interval: 1000 }).toMatch(/PENDING|PAID|COMPLETE|CANCELLED/);
    await expect.poll(() => rider.getByTestId('active-trip-banner').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => riderPhone.getByTestId('active-trip-banner').count(), { timeout: 20_000 }).toBe(0);
    await fullShot(rider, 'rider-trip-ended-desktop');
  }, 300_000);

  it('on a phone, bookings, wallet history and withdrawals are cards; the menu is a 240 px temporary drawer', async () => {
    const rider = await pageOf('rider1@example.com', PHONE);
    // A booking of its own, so the list has a card whatever ran before.
    await ok(rider, 'POST', '/bookings', { pickup: NEAR_FLEET, drop: SHORT_DROP, carTypeId: 'economy', bookLater: true, tripdate: Date.now() + 3 * 3600e3, instructionData: INSTRUCTIONS });
    await rider.goto(`${siteUrl()}/bookings`);
    const bookings = rider.getByTestId('bookings-table');
    await bookings.getByRole('link').first().waitFor();
    expect(await bookings.locator('table').count()).toBe(0);
    expect(await bookings.locator('li').filter({ has: rider.getByRole('radio') }).count()).toBeGreaterThan(0);
    await fullShot(rider, 'rider-bookings-cards-phone');
    await rider.goto(`${siteUrl()}/wallet`);
    const history = rider.getByTestId('wallet-history');
    await history.locator('li').first().waitFor();
    expect(await history.locator('table').count()).toBe(0);
    await fullShot(rider, 'rider-wallet-cards-phone');

    // The menu: closed at first, 240 px wide when opened, over the page; a link closes it.
    expect(await rider.getByTestId('signed-in-drawer').getByRole('link', { name: 'Booking history' }).isVisible()).toBe(false);
    await rider.getByTestId('open-navigation').click();
    const drawer = rider.getByTestId('signed-in-drawer');
    const menuLink = drawer.getByRole('link', { name: 'Booking history' });
    await menuLink.waitFor();
    const box = await drawer.boundingBox();
    expect(box!.width).toBe(240);
    expect(box!.x).toBe(0);
    // The panel that holds it is no wider: the page shows beside it, under a backdrop.
    const panel = await drawer.evaluate((el) => {
      let at: Element | null = el;
      while (at && getComputedStyle(at).position !== 'fixed') at = at.parentElement;
      return at ? at.getBoundingClientRect().width : undefined;
    });
    expect(panel).toBeGreaterThanOrEqual(240);
    expect(panel).toBeLessThanOrEqual(242);
    await shot(rider, 'rider-drawer-phone');
    await menuLink.click();
    await rider.waitForURL((u) => u.pathname === '/bookings');
    await expect.poll(() => menuLink.isVisible()).toBe(false);

    // A driver's withdrawals and an admin's withdrawal requests too.
    const driver = await pageOf('driver1@example.com', PHONE);
    await driver.goto(`${siteUrl()}/wallet`);
    const mine = driver.getByTestId('my-withdraws');
    await mine.waitFor();
    expect(await mine.locator('table').count()).toBe(0);
    await fullShot(driver, 'rider-driver-wallet-cards-phone');
    const adminPhone = await pageOf('admin@example.com', PHONE);
    await adminPhone.goto(`${siteUrl()}/withdraws`);
    const requests = adminPhone.getByTestId('withdraws-table');
    await requests.waitFor();
    expect(await requests.locator('table').count()).toBe(0);
    await fullShot(adminPhone, 'rider-withdraws-cards-phone');

    // At 1366 px the same lists are tables, beside the 240 px side menu.
    const wide = await pageOf('rider1@example.com', WIDE);
    await wide.goto(`${siteUrl()}/bookings`);
    await wide.getByTestId('bookings-table').getByRole('table', { name: 'Bookings' }).waitFor();
    const nav = await wide.getByRole('navigation').filter({ has: wide.getByRole('link', { name: 'Booking history' }) }).first().boundingBox();
    // 240 px and its 1 px border.
    expect(nav!.width).toBeGreaterThanOrEqual(240);
    expect(nav!.width).toBeLessThanOrEqual(241);
    await fullShot(wide, 'rider-bookings-table-desktop');
  }, 180_000);
});
