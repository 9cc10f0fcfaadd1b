import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { dialog, fullShot, signIn } from './support/identity';
import { apiAs, ok } from './support/page-api';

/**
 * Paying through a provider in the browser (spec §4 Payment, Pay now): the checkout dialog posts
 * the provider form into a new window, where the built-in test gateway plays the provider; its
 * confirmation moves the booking or the wallet, and the rider's own page follows live.
 */

const SF = { search: 'San Francisco', option: /^San Francisco, CA, US/ };
const OAKLAND = { search: 'Oakland', option: /^Oakland, CA, US/ };
// Far from every simulated driver: only driver1 goes there.
const OSLO = { lat: 59.9139, lng: 10.7522, add: 'Oslo' };
const OSLO_DROP = { lat: 59.9239, lng: 10.7522, add: 'Grünerløkka, Oslo' };

describe('payments in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;

  const newPage = async (email: string, opts: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await browser.newContext({ viewport: DESKTOP, ...opts });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email);
    return page;
  };
  const setMode = async (appMode: 'taxi' | 'delivery') => {
    const { version, ...settings } = await ok(admin, 'GET', '/settings/all');
    if (settings.appMode !== appMode) await ok(admin, 'PUT', '/settings', { version, settings: { ...settings, appMode } });
  };
  const booking = (id: string) => ok(admin, 'GET', `/bookings/${id}`);

  /** Pays the open checkout dialog with `provider` and approves on the gateway's page; returns that page. */
  async function payInGateway(page: Page, provider: string, shots?: string): Promise<Page> {
    const checkout = page.getByTestId('checkout');
    await checkout.waitFor();
    await checkout.getByText(provider, { exact: true }).click();
    if (shots) await fullShot(page, `${shots}-checkout-desktop`);
    const popup = page.context().waitForEvent('page');
    await page.getByTestId('checkout-pay').click();
    // Spec §9: the dialog says where the payment went on, and closes 1.5 s after pay.
    await page.getByTestId('checkout-opened').waitFor();
    const gateway = await popup;
    await checkout.waitFor({ state: 'hidden', timeout: 5000 });
    await gateway.getByTestId('gateway-pay').waitFor();
    if (shots) {
      await fullShot(gateway, `${shots}-gateway-desktop`);
      await gateway.setViewportSize(PHONE);
      await fullShot(gateway, `${shots}-gateway-phone`);
      await gateway.setViewportSize(DESKTOP);
    }
    await gateway.getByTestId('gateway-pay').click();
    await gateway.getByTestId('gateway-outcome').waitFor();
    await gateway.waitForURL('**/payment-result?order=*', { timeout: 10_000 });
    await gateway.getByTestId('payment-result').getByText('Payment received').waitFor({ timeout: 10_000 });
    if (shots) await fullShot(gateway, `${shots}-result-desktop`);
    return gateway;
  }

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage('admin@example.com');
  });
  // A failed test leaves a picture of every open page behind.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    let n = 0;
    for (const c of contexts) for (const p of c.pages()) await fullShot(p, `pay-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}-${n++}`).catch(() => undefined);
  });
  afterAll(async () => {
    await setMode('delivery').catch(() => undefined);
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('delivery: a rider books on the landing page, applies a promo, pays through the test gateway, and the booking goes out to drivers', async () => {
    await setMode('delivery');
    const promo = await ok(admin, 'POST', '/promos', {
      promo_name: `E2E${Date.now().toString(36).toUpperCase()}`, promo_description: 'e2e', promo_discount_type: 'flat', promo_discount_value: 2,
      max_promo_discount_value: 0, min_order: 0, promo_validity: '2099-12-31', promo_usage_limit: 10,
    });
    const rider = await newPage('rider1@example.com');
    await rider.goto(siteUrl());
    await rider.getByTestId('booking-form-slot').waitFor();
    for (const [label, place] of [['Pickup', SF], ['Drop', OAKLAND]] as const) {
      const box = rider.getByRole('combobox', { name: label, exact: true });
      await box.fill(place.search);
      await rider.getByRole('option', { name: place.option }).first().click();
    }
    await rider.getByTestId('car-type-tiles').getByRole('radio', { name: /^Economy/ }).check();
    await rider.getByTestId('book-button').click();
    const estimate = rider.getByTestId('estimate-modal');
    await estimate.getByLabel('Name', { exact: true }).fill('Ana Receiver');
    await estimate.getByLabel('Phone', { exact: true }).fill('555 123 4567');
    await rider.getByTestId('confirm-booking').click();
    const success = rider.getByTestId('booking-success');
    await success.getByText('Booking successful. Booking ID:').waitFor();
    const id = /Booking ID:\s*([A-Z0-9]+)/.exec(await success.innerText())![1]!;
    expect((await booking(id)).status).toBe('PAYMENT_PENDING');

    await rider.getByTestId('booking-success-pay').click();
    const checkout = rider.getByTestId('checkout');
    await checkout.waitFor();
    const due = await rider.getByTestId('checkout-due').innerText();
    await rider.getByTestId('checkout-promo').locator('input').fill(promo.promo_name);
    await rider.getByTestId('checkout-promo-apply').click();
    await checkout.getByText(`Promo ${promo.promo_name} applied`).waitFor();
    expect(await rider.getByTestId('checkout-due').innerText()).not.toBe(due);
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'pay-booking-checkout-phone');
    await rider.setViewportSize(DESKTOP);
    await payInGateway(rider, 'PayPal', 'pay-booking');

    // The booking is paid and goes out to the simulated drivers near San Francisco.
    const paid = await booking(id);
    expect(paid).toMatchObject({ prepaid: true, gateway: 'paypal', discount: 2, promo_applied: true });
    expect(paid.customer_paid).toBeCloseTo(paid.trip_cost - 2, 2);
    await success.getByTestId('booking-dispatch-state').getByText(/Offered to \d+ nearby drivers?|Looking for nearby drivers|accepted the booking/i).waitFor({ timeout: 30_000 });
    await fullShot(rider, 'pay-booking-offered-desktop');
    await expect.poll(async () => (await booking(id)).status, { timeout: 60_000, interval: 1000 }).not.toBe('NEW');
    await ok(admin, 'POST', `/bookings/${id}/cancel`, { reason: 'e2e clean-up' }).catch(() => undefined);
  }, 180_000);

  it('taxi: a rider pays a PENDING trip with Pay now', async () => {
    await setMode('taxi');
    const rider = await newPage('rider2@example.com');
    const riderId = (await ok(rider, 'GET', '/me')).id;
    const driver = await newPage('driver1@example.com');
    await ok(driver, 'POST', '/drivers/me/location', { lat: OSLO.lat + 0.002, lng: OSLO.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    const booked = await ok(admin, 'POST', '/bookings', { pickup: OSLO, drop: OSLO_DROP, carTypeId: 'economy', bookLater: false, riderId });
    await ok(driver, 'POST', `/bookings/${booked.id}/accept`, {});
    await ok(driver, 'POST', `/bookings/${booked.id}/arrive`, {});
    const otp = (await booking(booked.id)).otp;
    await ok(driver, 'POST', `/bookings/${booked.id}/start`, otp ? { otp: String(otp) } : {});
    await ok(driver, 'POST', `/bookings/${booked.id}/reach`, {});
    expect((await ok(driver, 'POST', `/bookings/${booked.id}/settle`, { method: 'later' })).status).toBe('PENDING');
    const before = await ok(driver, 'GET', '/me/wallet');

    await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await rider.getByTestId('trip-pay-card').click();
    await payInGateway(rider, 'Stripe', 'pay-now');
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 15_000 }).toBe('PAID');
    // The rider's trip view follows: the rating dialog opens once paid.
    await rider.getByTestId('trip-rate').waitFor({ timeout: 15_000 });
    await fullShot(rider, 'pay-now-paid-desktop');
    const after = await ok(driver, 'GET', '/me/wallet');
    const paid = await booking(booked.id);
    expect(paid).toMatchObject({ payment_mode: 'card', gateway: 'stripe' });
    expect(after.balance).toBeCloseTo(before.balance + paid.driver_share, 2);
    await dialog(rider).getByTestId('trip-rate-send').click();
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
  }, 120_000);

  it('delivery: a booking prepaid through the gateway offers no payment again, at REACHED or PAID, on /trip or in /bookings', async () => {
    await setMode('delivery');
    const rider = await newPage('rider2@example.com');
    const driver = await newPage('driver1@example.com');
    await ok(driver, 'POST', '/drivers/me/location', { lat: OSLO.lat + 0.002, lng: OSLO.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    const booked = await ok(rider, 'POST', '/bookings', {
      pickup: OSLO, drop: OSLO_DROP, carTypeId: 'economy', bookLater: false, instructionData: { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' },
    });
    expect(booked.status).toBe('PAYMENT_PENDING');
    await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await rider.getByTestId('trip-pay-ahead').click();
    await (await payInGateway(rider, 'PayPal')).close();
    await expect.poll(async () => (await booking(booked.id)).prepaid, { timeout: 15_000 }).toBe(true);

    // Only driver1 is near Oslo: it takes the offer once dispatch made it, and drives to the drop.
    const step = (name: string, body: unknown = {}) => ok(driver, 'POST', `/bookings/${booked.id}/${name}`, body);
    await expect.poll(async () => (await apiAs(driver, 'POST', `/bookings/${booked.id}/accept`, {})).status, { timeout: 30_000, interval: 1000 }).toBe(200);
    await step('arrive');
    const otp = (await booking(booked.id)).otp;
    await step('start', otp ? { otp: String(otp) } : {});
    await step('reach');

    const trip = rider.getByTestId('trip-view');
    /** The rider's screens at `status`: no payment button on /trip, and Pay now disabled as paid in /bookings. */
    const noPaymentOffered = async (status: string, shots: string) => {
      await rider.goto(`${siteUrl()}/trip?id=${booked.id}`);
      await trip.getByText(status, { exact: true }).first().waitFor();
      for (const id of ['trip-pay-wallet', 'trip-pay-card', 'trip-pay-ahead']) expect(await rider.getByTestId(id).count(), `${id} at ${status}`).toBe(0);
      expect(await rider.getByRole('button', { name: /^Pay\b|from wallet/ }).count(), `a pay button at ${status}`).toBe(0);
      await fullShot(rider, `${shots}-trip-desktop`);

      await rider.goto(`${siteUrl()}/bookings`);
      await rider.getByRole('radio', { name: booked.id, exact: true }).check();
      await rider.getByTestId('booking-actions').getByRole('button').first().click();
      const pay = rider.getByRole('menuitem', { name: 'Pay now', exact: true });
      expect(await pay.getAttribute('aria-disabled'), `Pay now at ${status}`).toBe('true');
      const reason = await pay.getAttribute('aria-describedby');
      expect(await rider.locator(`[id="${reason}"]`).textContent()).toBe('This booking is already paid. Nothing was charged.');
      await rider.keyboard.press('Escape');
      // The booking id opens the live trip; the details are the "View details" action.
      await rider.getByTestId('booking-actions').getByRole('button').first().click();
      await rider.getByRole('menuitem', { name: 'View details', exact: true }).click();
      const detail = dialog(rider);
      await detail.getByText(`Booking ${booked.id}`).waitFor();
      expect(await detail.getByRole('button', { name: /pay/i }).count(), `a pay button in the details at ${status}`).toBe(0);
    };
    await noPaymentOffered('Reached', 'pay-prepaid-reached');

    // The driver's drop of a prepaid trip takes no money: the console offers the drop, not cash or later.
    await driver.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await driver.getByTestId('trip-complete-drop').waitFor();
    expect(await driver.getByTestId('trip-cash').count()).toBe(0);
    expect(await driver.getByTestId('trip-later').count()).toBe(0);
    await driver.getByTestId('trip-complete-drop').click();
    await expect.poll(async () => (await booking(booked.id)).status, { timeout: 10_000 }).toBe('PAID');

    await noPaymentOffered('Paid', 'pay-prepaid-paid');
    const history = (await ok(rider, 'GET', '/me/wallet?limit=50')).items as { bookingId?: string; reason?: string }[] | undefined;
    expect((history ?? []).filter((e) => e.bookingId === booked.id && e.reason === 'TripPayment')).toEqual([]);
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });
  }, 300_000);

  it('a rider tops up the wallet through the test gateway', async () => {
    const rider = await newPage('rider2@example.com');
    await rider.goto(`${siteUrl()}/wallet`);
    await rider.getByTestId('wallet-balance').waitFor();
    const before = (await ok(rider, 'GET', '/me/wallet')).balance as number;
    await rider.getByTestId('wallet-topup').click();
    await rider.getByTestId('checkout-amount').locator('input').fill('25');
    await payInGateway(rider, 'PayPal', 'pay-topup');
    await expect.poll(async () => (await ok(rider, 'GET', '/me/wallet')).balance, { timeout: 10_000 }).toBeCloseTo(before + 25, 2);
    await rider.getByTestId('wallet-history').getByText('Top-up').first().waitFor({ timeout: 10_000 });
    await fullShot(rider, 'pay-topup-wallet-desktop');
    await rider.setViewportSize(PHONE);
    await fullShot(rider, 'pay-topup-wallet-phone');
  }, 90_000);
});
