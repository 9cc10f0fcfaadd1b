import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, PHONE, siteUrl } from './support/browser';
import { fullShot } from './support/identity';
import { ok } from './support/page-api';
import { pagesOf } from './support/accounts';

/**
 * Receipts in the browser: rider1's cash trip with driver1 is completed, and the rider opens its
 * receipt from the trip view and from the bookings table; printed, the receipt is the page.
 */

// Far from every simulated driver: only driver1 goes there.
const PORTO = { lat: 41.1579, lng: -8.6291, add: 'Porto' };
const PORTO_DROP = { lat: 41.1679, lng: -8.6291, add: 'Paranhos, Porto' };
const WIDE = { width: 1366, height: 900 };

describe('receipts in the browser', () => {
  let browser: Browser;
  const pages = pagesOf(() => browser, { viewport: WIDE });

  beforeAll(async () => { browser = await launch(); });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
  });

  it('the rider of a completed trip opens its receipt from the trip and the bookings table, and prints it alone', async () => {
    const [admin, rider, driver] = [await pages.signedIn('admin@example.com'), await pages.signedIn('rider1@example.com'), await pages.signedIn('driver1@example.com')];
    const riderId = (await ok(rider, 'GET', '/me')).id;
    await ok(driver, 'POST', '/drivers/me/location', { lat: PORTO.lat + 0.002, lng: PORTO.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: PORTO, drop: PORTO_DROP, carTypeId: 'economy', bookLater: false, riderId,
      instructionData: { deliveryPerson: 'Rui Receiver', deliveryPersonPhone: '555 123 4567' },
    });
    await ok(driver, 'POST', `/bookings/${booked.id}/accept`, {});
    await ok(driver, 'POST', `/bookings/${booked.id}/arrive`, {});
    const otp = (await ok(admin, 'GET', `/bookings/${booked.id}`)).otp;
    await ok(driver, 'POST', `/bookings/${booked.id}/start`, otp ? { otp: String(otp) } : {});
    await ok(driver, 'POST', `/bookings/${booked.id}/reach`, {});
    await ok(driver, 'POST', `/bookings/${booked.id}/settle`, { method: 'cash' });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
    const done = await ok(rider, 'POST', `/bookings/${booked.id}/complete`, { rating: 5 });
    expect(done.status).toBe('COMPLETE');
    const receipt = await ok(rider, 'GET', `/bookings/${booked.id}/receipt`);

    // From the trip view.
    await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
    // The trip view links to the receipt (a real href; a flash may cover it while the page settles).
    const fromTrip = rider.getByTestId('trip-receipt');
    await fromTrip.waitFor();
    expect(await fromTrip.getAttribute('href')).toBe(`/receipt?id=${booked.id}`);
    await rider.goto(`${siteUrl()}/receipt?id=${booked.id}`);
    const lines = rider.getByTestId('receipt-lines');
    await lines.getByRole('row').nth(1).waitFor();
    // One row per line and the total, each amount as the server computed it.
    await expect.poll(() => lines.locator('tbody tr').count()).toBe(receipt.lines.length + 1);
    const body = await rider.getByTestId('receipt').innerText();
    for (const text of [receipt.pickupAddress, receipt.dropAddress, receipt.company.name, receipt.driver, 'Total paid', receipt.total.toFixed(2)]) expect(body).toContain(text);
    await fullShot(rider, 'receipts-page-desktop');

    // Printed: the receipt shows, the app's top bar and the page's buttons do not.
    await rider.emulateMedia({ media: 'print' });
    expect(await rider.getByTestId('receipt').isVisible()).toBe(true);
    expect(await rider.getByTestId('receipt-print').isVisible()).toBe(false);
    // Every element outside the receipt (top bar, side menu, flash, buttons) is hidden on paper.
    const shownOutside = await rider.evaluate(() => {
      const receipt = document.querySelector('.receipt-print');
      return [...document.body.querySelectorAll('*')]
        .filter((el) => !receipt?.contains(el) && !el.contains(receipt) && getComputedStyle(el).visibility !== 'hidden' && el.getClientRects().length > 0)
        .map((el) => `${el.tagName}.${el.className}`).slice(0, 5);
    });
    expect(shownOutside).toEqual([]);
    await fullShot(rider, 'receipts-page-print');
    await rider.emulateMedia({ media: 'screen' });

    await rider.setViewportSize(PHONE);
    await lines.getByRole('row').nth(1).waitFor();
    await fullShot(rider, 'receipts-page-phone');
    await rider.setViewportSize(WIDE);

    // From the bookings table: paid and completed rows link to their receipt.
    await rider.goto(`${siteUrl()}/bookings`);
    const link = rider.getByTestId(`booking-receipt-${booked.id}`);
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/receipt?id=${booked.id}`);
  }, 300_000);
});
