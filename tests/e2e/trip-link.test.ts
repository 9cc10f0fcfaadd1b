import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messagesEn } from '../../shared/src/i18n/messages';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot } from './support/identity';
import { ok } from './support/page-api';
import { newAccount, pagesOf } from './support/accounts';

/**
 * Follow my trip in the browser: a rider shares a trip in progress, a stranger opens the link in
 * a fresh browser with no sign-in and sees the driver's first name and the status, the rider
 * revokes it and the stranger's page says the link is no longer valid.
 *
 * The driver is one of this file's own, moved through the API, far from npm start's simulated
 * fleet (which drives a trip to its end within a minute under test): a shared link dies at the
 * drop, so the trip must stay in progress for as long as the test looks at it.
 */

const OSLO = { lat: 59.9139, lng: 10.7522, add: 'Karl Johans gate 1, Oslo, NO' };
const OSLO_DROP = { lat: 59.9239, lng: 10.7522, add: 'Thorvald Meyers gate 5, Grünerløkka, Oslo, NO' };
const PASSWORD = 'Trip1234';

describe('follow my trip in the browser', () => {
  let browser: Browser;
  let admin: Page;

  const pages = pagesOf(() => browser, { timeout: 30_000 });
  const account = (usertype: 'rider' | 'driver') => newAccount(admin, pages, usertype, {
    label: `link-${usertype}`, firstName: usertype === 'driver' ? 'Ingrid' : 'Rolf', lastName: (tag) => `Linktest ${tag}`,
    password: PASSWORD, mobile: (phone) => `+47${phone.slice(-8)}`,
    vehicle: { carType: 'Economy', make: 'Volvo', model: 'XC40', number: (tag) => `EL ${tag.slice(-5)}` },
  });

  beforeAll(async () => {
    browser = await launch();
    admin = await pages.signedIn('admin@example.com');
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
  });

  it('a rider shares the trip; a stranger with no account follows it; revoked, the link says it is no longer valid', async () => {
    const driver = await account('driver');
    const rider = await account('rider');
    await ok(driver.page, 'POST', '/drivers/me/location', { lat: OSLO.lat - 0.004, lng: OSLO.lng });
    expect((await ok(driver.page, 'PUT', '/drivers/me/availability', { online: true })).dispatchable).toBe(true);
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: OSLO, drop: OSLO_DROP, carTypeId: 'economy', bookLater: false, riderId: rider.id,
      instructionData: { deliveryPerson: 'Kari Nordmann', deliveryPersonPhone: '555 765 4321' },
    });
    await ok(driver.page, 'POST', `/bookings/${booked.id}/accept`, {});

    // The rider shares from the trip view.
    const page = rider.page;
    await page.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await page.getByTestId('trip-view').waitFor();
    await page.getByTestId('trip-share').click();
    await page.getByTestId('trip-share-create').click();
    const input = page.getByTestId('trip-share-url').locator('input');
    await input.waitFor();
    const url = await input.inputValue();
    expect(url).toMatch(new RegExp(`^${siteUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/t/[A-Za-z0-9_-]{43}$`));
    await fullShot(page, 'trip-link-share-desktop');
    await page.setViewportSize(PHONE);
    await fullShot(page, 'trip-link-share-phone');
    await page.setViewportSize(DESKTOP);

    // A stranger: a fresh browser, nobody signed in.
    const stranger = await pages.open();
    await stranger.goto(url);
    await stranger.getByTestId('shared-trip').waitFor();
    await expect.poll(() => stranger.getByTestId('shared-trip-driver').textContent()).toBe('Ingrid');
    await stranger.getByTestId('shared-trip').getByText(messagesEn.status_ACCEPTED, { exact: true }).waitFor();
    const shown = await stranger.getByTestId('shared-trip').innerText();
    for (const secret of ['Linktest', 'Rolf', '555 765 4321', 'Kari', 'Karl Johans gate', String(booked.otp ?? 'no code'), booked.booking_id]) {
      expect(shown, secret).not.toContain(secret);
    }
    expect(shown).toContain('Volvo XC40');
    // The map has drawn (its placeholder gone).
    await stranger.locator('.maplibregl-canvas').first().waitFor({ timeout: 20_000 });
    await fullShot(stranger, 'trip-link-public-desktop');
    const phone = await pages.open({ viewport: PHONE });
    await phone.goto(url);
    await phone.getByTestId('shared-trip-driver').waitFor();
    await phone.locator('.maplibregl-canvas').first().waitFor({ timeout: 20_000 });
    await fullShot(phone, 'trip-link-public-phone');

    // The rider takes it back: the stranger's page says so within one refresh.
    await dialog(page).getByTestId('trip-share-revoke').click();
    await page.getByTestId('trip-share-revoked').waitFor();
    await stranger.reload();
    await stranger.getByTestId('shared-trip-gone').getByText('This link is no longer valid').waitFor();
    await fullShot(stranger, 'trip-link-gone-desktop');

    // Clean up: the trip is cancelled and the driver goes offline.
    await ok(admin, 'POST', `/bookings/${booked.id}/cancel`, { reason: 'End of the trip link test' }).catch(() => undefined);
    await ok(driver.page, 'PUT', '/drivers/me/availability', { online: false }).catch(() => undefined);
  }, 300_000);
});
