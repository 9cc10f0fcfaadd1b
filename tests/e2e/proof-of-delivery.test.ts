import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pagesOf } from './support/accounts';
import { launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, PNG_1X1 } from './support/identity';
import { ok } from './support/page-api';

/**
 * Proof of delivery in the browser: with delivery codes on, rider1 sends a parcel; the sender's
 * trip view shows the code the recipient was texted; driver1 at the drop types a wrong code, then
 * the right one, or records the photo and who took the parcel, or a failed delivery that goes back
 * to the sender; the trip view and the admin's booking detail show what the drop recorded.
 */

// Far from every simulated driver and from the other browser tests' places: only driver1 goes there.
const GUIMARAES = { lat: 41.4425, lng: -8.2918, add: 'Guimarães' };
const GUIMARAES_DROP = { lat: 41.4525, lng: -8.2918, add: 'North of Guimarães' };
const WIDE = { width: 1366, height: 900 };

describe('proof of delivery in the browser', () => {
  let browser: Browser;
  let admin: Page;
  let rider: Page;
  let driver: Page;
  const pages = pagesOf(() => browser, { viewport: WIDE });
  const setCodes = async (on: boolean) => {
    const { version, ...settings } = await ok(admin, 'GET', '/settings/all');
    await ok(admin, 'PUT', '/settings', { version, settings: { ...settings, delivery_code_secure: on } });
  };
  const both = async (page: Page, name: string, ready: () => Promise<unknown>) => {
    await ready();
    await fullShot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    await ready();
    await fullShot(page, `${name}-phone`);
    await page.setViewportSize(WIDE);
  };

  /** A parcel of rider1's that driver1 took and drove to the drop (REACHED), opened on the driver's console. */
  async function parcelAtDrop(): Promise<{ id: string; code?: string }> {
    const riderId = (await ok(rider, 'GET', '/me')).id;
    await ok(driver, 'POST', '/drivers/me/location', { lat: GUIMARAES.lat + 0.002, lng: GUIMARAES.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: GUIMARAES, drop: GUIMARAES_DROP, carTypeId: 'economy', bookLater: false, riderId,
      instructionData: { deliveryPerson: 'Rita Receiver', deliveryPersonPhone: '555 123 4567' },
    });
    await ok(driver, 'POST', `/bookings/${booked.id}/accept`, {});
    await ok(driver, 'POST', `/bookings/${booked.id}/arrive`, {});
    const otp = (await ok(admin, 'GET', `/bookings/${booked.id}`)).otp;
    await ok(driver, 'POST', `/bookings/${booked.id}/start`, otp ? { otp: String(otp) } : {});
    await ok(driver, 'POST', `/bookings/${booked.id}/reach`, {});
    return { id: booked.id, code: (await ok(rider, 'GET', `/bookings/${booked.id}`)).deliveryCode };
  }

  beforeAll(async () => {
    browser = await launch();
    [admin, rider, driver] = [await pages.signedIn('admin@example.com'), await pages.signedIn('rider1@example.com'), await pages.signedIn('driver1@example.com')];
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    let n = 0;
    for (const c of pages.contexts) for (const p of c.pages()) await fullShot(p, `pod-failed-${n++}`).catch(() => undefined);
  });
  afterAll(async () => {
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false }).catch(() => undefined);
    await setCodes(false).catch(() => undefined);
    await pages.closeAll();
    await browser?.close();
  });

  it('the admin switches delivery codes on; the sender sees the code; the driver is refused a wrong one and delivers with the right one', async () => {
    // Settings: the switch sits with the trip code under Security, in delivery mode.
    await admin.goto(`${siteUrl()}/settings`);
    const toggle = admin.getByTestId('settings-delivery_code_secure');
    await toggle.waitFor();
    await setCodes(true);
    await admin.reload();
    await expect.poll(() => toggle.locator('input').isChecked()).toBe(true);
    await both(admin, 'pod-settings', () => toggle.waitFor());

    const { id, code } = await parcelAtDrop();
    expect(code).toMatch(/^\d{6}$/);

    // The sender's trip view: the code, to pass on if the recipient's SMS went astray.
    await rider.goto(`${siteUrl()}/trip?id=${id}`);
    const trip = rider.getByTestId('trip-view');
    await trip.getByTestId('pod-sender-code').getByText(code!).waitFor();
    // Nothing to pay at the drop before the parcel's proof (the server would refuse it).
    expect(await rider.getByRole('button', { name: /from wallet/ }).count()).toBe(0);
    await both(rider, 'pod-sender-code', () => trip.getByTestId('pod-sender-code').waitFor());

    // The driver's console at the drop: the code first; no settling before it.
    await driver.goto(`${siteUrl()}/bookings`);
    const card = driver.getByTestId('trip-view');
    const input = card.getByTestId('pod-code').locator('input');
    await input.waitFor();
    expect(await card.getByText(code!).count()).toBe(0);
    expect(await card.getByTestId('trip-cash').count()).toBe(0);
    await input.fill(code === '999999' ? '100000' : String(Number(code) + 1));
    await card.getByTestId('pod-code-confirm').click();
    await card.getByText('That is not the delivery code.', { exact: false }).waitFor();
    await both(driver, 'pod-driver-drop', () => card.getByTestId('pod-code').waitFor());
    await input.fill(code!);
    await card.getByTestId('pod-code-confirm').click();
    await card.getByTestId('pod-summary').getByText('Delivered with the recipient\'s code').waitFor();
    await card.getByTestId('trip-cash').click();
    await expect.poll(async () => (await ok(admin, 'GET', `/bookings/${id}`)).status, { timeout: 10_000 }).toBe('PAID');

    // The sender sees how it was handed over; so does the admin's booking detail.
    await trip.getByTestId('pod-summary').getByText('Delivered with the recipient\'s code').waitFor({ timeout: 20_000 });
    expect(await trip.getByTestId('pod-sender-code').count()).toBe(0);
    await both(rider, 'pod-sender-delivered', () => trip.getByTestId('pod-summary').waitFor());
    await admin.goto(`${siteUrl()}/bookings?id=${id}`);
    await dialog(admin).getByTestId('pod-summary').getByText('Delivered with the recipient\'s code').waitFor();
    await both(admin, 'pod-detail', () => dialog(admin).getByTestId('pod-summary').scrollIntoViewIfNeeded());
  }, 300_000);

  it('with nobody to give the code, the driver records the photo and who took the parcel', async () => {
    await setCodes(true);
    const { id } = await parcelAtDrop();
    await driver.goto(`${siteUrl()}/bookings`);
    const card = driver.getByTestId('trip-view');
    await card.getByTestId('pod-absent').getByText('Recipient not there?').click();
    const leftWith = card.getByTestId('pod-left-with');
    await card.getByTestId('pod-received-by').locator('input').fill('Neighbour at no. 12');
    // The photo first: the button waits for it.
    expect(await leftWith.isDisabled()).toBe(true);
    await card.getByTestId('trip-photo-deliver_image').locator('input[type="file"]').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await driver.getByText('Photo saved.').first().waitFor();
    await expect.poll(() => leftWith.isDisabled()).toBe(false);
    await both(driver, 'pod-driver-absent', () => card.getByTestId('pod-received-by').waitFor());
    await leftWith.click();
    await card.getByTestId('pod-summary').getByText('Left with Neighbour at no. 12').waitFor();
    await card.getByTestId('trip-cash').click();
    await expect.poll(async () => (await ok(admin, 'GET', `/bookings/${id}`)).status, { timeout: 10_000 }).toBe('PAID');
    await rider.goto(`${siteUrl()}/trip?id=${id}`);
    const trip = rider.getByTestId('trip-view');
    await trip.getByTestId('pod-summary').getByText('Left with Neighbour at no. 12').waitFor();
    await trip.getByTestId('trip-deliver-photo').waitFor();
    await both(rider, 'pod-sender-left-with', () => trip.getByTestId('trip-deliver-photo').waitFor());
  }, 300_000);

  it('a parcel that cannot be delivered goes back to the sender, its return priced and shown as its own line', async () => {
    await setCodes(true);
    const { id } = await parcelAtDrop();
    const before = await ok(admin, 'GET', `/bookings/${id}`);
    await driver.goto(`${siteUrl()}/bookings`);
    const card = driver.getByTestId('trip-view');
    await card.getByTestId('pod-failed').getByText('Cannot deliver?').click();
    await card.getByTestId('pod-failed-reason').getByRole('button').click();
    await driver.getByRole('option', { name: 'Refused by the recipient' }).click();
    await card.getByTestId('pod-failed-confirm').click();
    const due = card.getByTestId('pod-return-due');
    await due.getByText(/Bring the parcel back to the sender/).waitFor();
    const failed = await ok(admin, 'GET', `/bookings/${id}`);
    expect(failed.deliveryProof).toMatchObject({ outcome: 'failed', reason: 'refused' });
    expect(failed.trip_cost).toBeCloseTo(before.trip_cost + failed.deliveryProof.returnLeg.trip_cost, 2);
    expect(await card.getByTestId('trip-cash').count()).toBe(0);
    await both(driver, 'pod-driver-return', () => due.waitFor());

    await rider.goto(`${siteUrl()}/trip?id=${id}`);
    const trip = rider.getByTestId('trip-view');
    await trip.getByTestId('pod-summary').getByText('Not delivered: Refused by the recipient. Returning to the sender').waitFor();
    await trip.getByTestId('pod-return-fare').waitFor();
    await both(rider, 'pod-sender-returning', () => trip.getByTestId('pod-return-fare').waitFor());

    await card.getByTestId('pod-returned').click();
    await card.getByTestId('trip-cash').click();
    await expect.poll(async () => (await ok(admin, 'GET', `/bookings/${id}`)).status, { timeout: 10_000 }).toBe('PAID');
    await trip.getByTestId('pod-summary').getByText(/Returned to the sender/).waitFor({ timeout: 20_000 });
    // The receipt names the way back as its own line, with why, beside the way out's parts.
    await rider.goto(`${siteUrl()}/receipt?id=${id}`);
    const returnLine = rider.getByRole('row', { name: /Return to the sender: Refused by the recipient/ });
    await returnLine.waitFor();
    // A delivery keeps its booking-time price: the distance and time shown are those it was priced on.
    await rider.getByText('Duration (estimated at booking)').waitFor();
    await both(rider, 'pod-receipt-return', () => returnLine.scrollIntoViewIfNeeded());
    await admin.goto(`${siteUrl()}/bookings?id=${id}`);
    await dialog(admin).getByTestId('pod-return-fare').waitFor();
    await both(admin, 'pod-detail-returned', () => dialog(admin).getByTestId('pod-return-fare').scrollIntoViewIfNeeded());
  }, 300_000);
});
