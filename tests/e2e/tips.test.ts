import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, PHONE, siteUrl } from './support/browser';
import { fullShot } from './support/identity';
import { ok } from './support/page-api';
import { pagesOf } from './support/accounts';

/**
 * Tips in the browser: rider1 tips driver1 after a completed trip, once from the wallet with a
 * preset amount and once by card (an amount of their own, through the test gateway); the trip
 * view, the receipt and the admin's driver earnings show the tip, and the driver hears of it.
 */

// Far from every simulated driver and from the other browser tests' places: only driver1 goes there.
const BRAGA = { lat: 41.5454, lng: -8.4265, add: 'Braga' };
const BRAGA_DROP = { lat: 41.5554, lng: -8.4265, add: 'North of Braga' };
const WIDE = { width: 1366, height: 900 };

describe('tips in the browser', () => {
  let browser: Browser;
  let admin: Page;
  let rider: Page;
  let driver: Page;
  const pages = pagesOf(() => browser, { viewport: WIDE });

  /** A trip of rider1's with driver1, driven, settled in cash and rated: COMPLETE. */
  async function completedTrip(): Promise<{ id: string; trip_cost: number; driver_share: number }> {
    const riderId = (await ok(rider, 'GET', '/me')).id;
    await ok(driver, 'POST', '/drivers/me/location', { lat: BRAGA.lat + 0.002, lng: BRAGA.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: BRAGA, drop: BRAGA_DROP, carTypeId: 'economy', bookLater: false, riderId,
      instructionData: { deliveryPerson: 'Rita Receiver', deliveryPersonPhone: '555 123 4567' },
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
    return done;
  }

  beforeAll(async () => {
    browser = await launch();
    [admin, rider, driver] = [await pages.signedIn('admin@example.com'), await pages.signedIn('rider1@example.com'), await pages.signedIn('driver1@example.com')];
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    let n = 0;
    for (const c of pages.contexts) for (const p of c.pages()) await fullShot(p, `tips-failed-${n++}`).catch(() => undefined);
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
  });

  it('the rider adds a preset tip from the wallet after the trip: the trip, the receipt and the driver earnings show it, and the driver is told', async () => {
    const trip = await completedTrip();
    const riderId = (await ok(rider, 'GET', '/me')).id;
    // Enough in the wallet for any preset.
    await ok(admin, 'POST', `/wallets/${riderId}/credits`, { amount: '100.00' });
    const driverBefore = (await ok(driver, 'GET', '/me/wallet?limit=1')).balance as number;
    // The driver's console is open: the tip's message flashes there as it lands.
    await driver.goto(`${siteUrl()}/wallet`);

    await rider.goto(`${siteUrl()}/trip?id=${trip.id}`);
    const add = rider.getByTestId('trip-add-tip');
    await add.waitFor();
    await add.click();
    const modal = rider.getByTestId('tip-modal');
    await modal.getByTestId('tip-presets').waitFor();
    await modal.getByText(/Wallet \(balance /).waitFor();
    await fullShot(rider, 'tips-dialog-desktop');
    // The middle preset is chosen; its amount is on the button.
    const submit = modal.getByTestId('tip-submit');
    const label = await submit.innerText();
    const amount = Number(/([\d.]+)\s*$/.exec(label.replace(/,/g, ''))?.[1]);
    expect(amount, label).toBeGreaterThan(0);
    await submit.click();
    await modal.waitFor({ state: 'hidden' });

    // The trip view: the tip and how it was paid; no second Add a tip.
    const shown = rider.getByTestId('trip-tip');
    await shown.waitFor();
    expect(await shown.innerText()).toContain(amount.toFixed(2));
    expect(await rider.getByTestId('trip-add-tip').count()).toBe(0);
    // Nor an empty slot where it was: every place in the rider's row of actions holds something.
    const emptySlots = await rider.getByTestId('trip-rider-actions').evaluate((bar) => [...bar.children].filter((slot) => !slot.textContent?.trim() && slot.childElementCount === 0).length);
    expect(emptySlots).toBe(0);
    await fullShot(rider, 'tips-trip-desktop');
    await rider.setViewportSize(PHONE);
    await shown.waitFor();
    await fullShot(rider, 'tips-trip-phone');
    await rider.setViewportSize(WIDE);

    // The money: all of it the driver's.
    const driverAfter = (await ok(driver, 'GET', '/me/wallet?limit=1')).balance as number;
    expect(Math.round((driverAfter - driverBefore) * 100)).toBe(Math.round(amount * 100));
    await driver.getByText(/You got a .* tip/).first().waitFor({ timeout: 20_000 });
    await fullShot(driver, 'tips-driver-desktop');

    // The receipt: a line of its own, and how it was paid.
    await rider.goto(`${siteUrl()}/receipt?id=${trip.id}`);
    const lines = rider.getByTestId('receipt-lines');
    await lines.getByText('Tip', { exact: true }).waitFor();
    const body = await rider.getByTestId('receipt').innerText();
    expect(body).toContain((trip.trip_cost + amount).toFixed(2));
    expect(body).toContain('Tip paid by');
    await fullShot(rider, 'tips-receipt-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'tips-receipt-phone');
    await rider.setViewportSize(WIDE);

    // The admin's driver earnings: the tips beside the share.
    await admin.goto(`${siteUrl()}/driverearning`);
    const table = admin.getByTestId('driver-earnings-table');
    await table.getByRole('columnheader', { name: 'Tips' }).waitFor();
    const row = table.locator('tbody tr', { hasText: (await ok(driver, 'GET', '/me')).firstName }).first();
    await row.waitFor();
    await fullShot(admin, 'tips-earnings-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'tips-earnings-phone');
    await admin.setViewportSize(WIDE);
  }, 300_000);

  it('the rider tips an amount of their own by card through the payment gateway, and the driver is credited once', async () => {
    const trip = await completedTrip();
    const driverBefore = (await ok(driver, 'GET', '/me/wallet?limit=1')).balance as number;
    await rider.setViewportSize(PHONE);
    await rider.goto(`${siteUrl()}/trip?id=${trip.id}`);
    await rider.getByTestId('trip-add-tip').click();
    const modal = rider.getByTestId('tip-modal');
    await modal.getByTestId('tip-presets').waitFor();
    // On a phone the presets are a list to choose from.
    await modal.getByTestId('tip-presets').locator('button:visible').first().click();
    await rider.getByRole('option', { name: 'Other amount', exact: true }).first().click();
    const custom = modal.getByTestId('tip-custom').locator('input');
    await custom.fill('999');
    await modal.getByText('This tip is more than this trip takes.').waitFor();
    expect(await modal.getByTestId('tip-submit').isDisabled()).toBe(true);
    await custom.fill('4.75');
    await modal.getByTestId('tip-method').getByText('Card', { exact: true }).click();
    await modal.getByTestId('tip-providers').waitFor();
    await fullShot(rider, 'tips-dialog-phone');

    const popup = rider.context().waitForEvent('page');
    await modal.getByTestId('tip-submit').click();
    await modal.getByTestId('tip-card-opened').waitFor();
    const gateway = await popup;
    await gateway.getByTestId('gateway-pay').waitFor();
    expect(await gateway.getByTestId('gateway-amount').innerText()).toContain('4.75');
    await gateway.getByTestId('gateway-pay').click();
    await gateway.waitForURL('**/payment-result?order=*', { timeout: 10_000 });
    await gateway.getByTestId('payment-result').getByText('Payment received').waitFor({ timeout: 10_000 });
    await gateway.close();

    await rider.reload();
    const shown = rider.getByTestId('trip-tip');
    await shown.waitFor();
    expect(await shown.innerText()).toContain('4.75');
    expect(await shown.innerText()).toContain('card');
    const driverAfter = (await ok(driver, 'GET', '/me/wallet?limit=1')).balance as number;
    expect(Math.round((driverAfter - driverBefore) * 100)).toBe(475);
    await rider.setViewportSize(WIDE);
  }, 300_000);
});
