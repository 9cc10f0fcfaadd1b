import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { approvalOf, deliver, signedNotice } from './support/payments';
import { acceptedTrip, credit, driveToDrop, earningsItem, newRider, wallet, type TestRider } from './support/trips';
import type { TestDriver } from './support/drivers';

type Booking = Record<string, any>;

const cents = (n: number) => Math.round(n * 100);
const tipsIn = (items: { reason: string; bookingId?: string }[], bookingId: string) => items.filter((e) => e.reason === 'Tip' && e.bookingId === bookingId);

/** A trip driven to the drop and settled in cash by its driver: PAID, the rider's to tip. */
async function paidTrip(rider: TestRider): Promise<{ driver: TestDriver; booking: Booking }> {
  const { driver, booking } = await acceptedTrip(rider);
  await driveToDrop(driver, booking);
  const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('PAID');
  return { driver, booking: paid.body };
}

/** The driver's row of the driver earnings (admin's view) for the trip's month, and the stored driver-month item behind it. */
async function driverEarnings(admin: string, driverUid: string) {
  const res = await api('GET', '/earnings/drivers', { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = (res.body.items as Booking[]).find((r) => r.driverUid === driverUid);
  const item = row ? await earningsItem('ALL', `DRIVER#${row.year}-${String(row.month).padStart(2, '0')}#${driverUid}`) : undefined;
  return { row, item };
}

/** Everything a tip may touch, read back: the booking, both wallets, the driver's earnings. */
async function stateOf(admin: string, rider: TestRider, driver: TestDriver, bookingId: string) {
  const booking = (await api('GET', `/bookings/${bookingId}`, { token: admin })).body as Booking;
  return { booking, rider: await wallet(rider.token), driver: await wallet(driver.token), earnings: await driverEarnings(admin, driver.id) };
}

const tip = (token: string, id: string, amount: unknown, key = `tip-${randomUUID()}`) =>
  api('POST', `/bookings/${id}/tip`, { token, body: { amount }, headers: { 'idempotency-key': key } });

/**
 * Tips: after the trip its rider adds one tip, all of it the driver's, through the ledger, shown
 * on the receipt and in the driver's earnings, and never a change to the platform's fee.
 */
describe('tips', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
  });

  /** A paid trip whose rider has money in the wallet. */
  async function fundedPaidTrip(minor = 100_00) {
    const rider = await newRider();
    expect(await credit(rider.id, minor), 'the test funds the rider through the table').toBe(true);
    return { rider, ...(await paidTrip(rider)) };
  }

  /** Exactly one tip moved: the rider debited once, the driver credited once, the booking and the earnings carry it. */
  async function movedOnce(before: Awaited<ReturnType<typeof stateOf>>, after: Awaited<ReturnType<typeof stateOf>>, bookingId: string, amount: number) {
    expect(after.booking.tip).toBe(amount);
    expect(after.booking.tip_mode).toBe('wallet');
    expect(tipsIn(after.rider.items, bookingId)).toEqual([expect.objectContaining({ type: 'Debit', amount, txRef: `booking:${bookingId}:tip` })]);
    expect(tipsIn(after.driver.items, bookingId)).toEqual([expect.objectContaining({ type: 'Credit', amount, txRef: `booking:${bookingId}:tip` })]);
    expect(cents(after.rider.balance)).toBe(cents(before.rider.balance) - cents(amount));
    expect(cents(after.driver.balance)).toBe(cents(before.driver.balance) + cents(amount));
    expect(after.earnings.row?.tips).toBe(amount);
  }

  it('a wallet tip moves the money exactly once under 10 concurrent requests with the same Idempotency-Key', async () => {
    const { rider, driver, booking } = await fundedPaidTrip();
    const before = await stateOf(admin, rider, driver, booking.id);
    const key = `tip-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => tip(rider.token, booking.id, '2.50', key)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length, JSON.stringify(answers.map((a) => [a.status, a.body?.error?.code]))).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body.tip).toBe(2.5);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.error.code]).toEqual([409, 'idempotency_in_progress']);
    await movedOnce(before, await stateOf(admin, rider, driver, booking.id), booking.id, 2.5);
  });

  it('a wallet tip moves the money exactly once under 10 concurrent requests with different keys: the others hear tip_already_added', async () => {
    const { rider, driver, booking } = await fundedPaidTrip();
    const before = await stateOf(admin, rider, driver, booking.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => tip(rider.token, booking.id, '3.00')));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok, JSON.stringify(answers.map((a) => [a.status, a.body?.error?.code]))).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.error.code]).toEqual([409, 'tip_already_added']);
    await movedOnce(before, await stateOf(admin, rider, driver, booking.id), booking.id, 3);
    // Later, with yet another key: still one tip.
    const again = await tip(rider.token, booking.id, '1.00');
    expect([again.status, again.body.error?.code]).toEqual([409, 'tip_already_added']);
  });

  it('a tip the wallet does not cover is refused with insufficient_balance, and nothing is written', async () => {
    const { rider, driver, booking } = await fundedPaidTrip(1_00);
    const before = await stateOf(admin, rider, driver, booking.id);
    const res = await tip(rider.token, booking.id, '1.01');
    expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([409, 'insufficient_balance']);
    expect(await stateOf(admin, rider, driver, booking.id)).toEqual(before);
    expect(before.booking.tip).toBeUndefined();
    // What the wallet holds is fine.
    expect((await tip(rider.token, booking.id, '1.00')).status).toBe(200);
  });

  it('a tip for a driver whose account was deleted is refused as account_closed, not as a balance problem, and nothing is taken', async () => {
    const { rider, driver, booking } = await fundedPaidTrip(20_00);
    const gone = await api('DELETE', `/users/${driver.id}`, { token: admin });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const before = await wallet(rider.token);
    const res = await tip(rider.token, booking.id, '2.00');
    expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([409, 'account_closed']);
    expect(res.body.error.message).toMatch(/no longer exists/);
    expect(await wallet(rider.token)).toEqual(before);
    expect((await api('GET', `/bookings/${booking.id}`, { token: admin })).body.tip).toBeUndefined();
  });

  it('another rider, the driver, an admin and an unfinished booking are refused, and nothing is written', async () => {
    const rider = await newRider();
    const stranger = await newRider();
    expect(await credit(rider.id, 50_00)).toBe(true);
    expect(await credit(stranger.id, 50_00)).toBe(true);
    const { driver, booking } = await acceptedTrip(rider);
    // ACCEPTED: the trip has not happened.
    const early = await tip(rider.token, booking.id, '2.00');
    expect([early.status, early.body.error?.code]).toEqual([409, 'tip_not_ready']);
    const reached = await driveToDrop(driver, booking);
    expect(reached.status).toBe('REACHED');
    const unpaid = await tip(rider.token, booking.id, '2.00');
    expect([unpaid.status, unpaid.body.error?.code]).toEqual([409, 'tip_not_ready']);
    const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(paid.body.status).toBe('PAID');

    const before = { ...(await stateOf(admin, rider, driver, booking.id)), stranger: await wallet(stranger.token) };
    const byStranger = await tip(stranger.token, booking.id, '2.00');
    expect([byStranger.status, byStranger.body.error?.code]).toEqual([404, 'not_found']);
    const byDriver = await tip(driver.token, booking.id, '2.00');
    expect(byDriver.status).toBe(403);
    const byAdmin = await tip(admin, booking.id, '2.00');
    expect(byAdmin.status).toBe(403);
    const unknown = await tip(rider.token, randomUUID(), '2.00');
    expect(unknown.status).toBe(404);
    expect({ ...(await stateOf(admin, rider, driver, booking.id)), stranger: await wallet(stranger.token) }).toEqual(before);
  });

  it('an amount that is not a tip is refused on the amount with its key, and nothing is written', async () => {
    const { rider, driver, booking } = await fundedPaidTrip(5_000_00);
    const before = await stateOf(admin, rider, driver, booking.id);
    for (const amount of ['0', '-1', '1.005', 'abc', '1e2', 0]) {
      const res = await tip(rider.token, booking.id, amount);
      expect([res.status, res.body.error?.code], `${amount}: ${JSON.stringify(res.body)}`).toEqual([400, 'tip_amount_invalid']);
    }
    // Above the larger of 50.00 and twice the trip's price.
    const limit = Math.max(50, booking.trip_cost * 2);
    const tooMuch = await tip(rider.token, booking.id, (limit + 0.01).toFixed(2));
    expect([tooMuch.status, tooMuch.body.error?.code], JSON.stringify(tooMuch.body)).toEqual([400, 'tip_too_large']);
    expect(tooMuch.body.error.details).toEqual([{ path: 'amount', message: 'tip_too_large' }]);
    expect(await stateOf(admin, rider, driver, booking.id)).toEqual(before);
    // The limit itself is a tip.
    expect((await tip(rider.token, booking.id, limit.toFixed(2))).status).toBe(200);
  });

  it('the platform fee is unchanged: the booking\'s money and every earnings figure but the tips stay as they were', async () => {
    const { rider, driver, booking } = await fundedPaidTrip();
    const before = await stateOf(admin, rider, driver, booking.id);
    expect(before.earnings.item, 'the driver-month item is readable').toBeDefined();
    const dashboardBefore = (await api('GET', '/dashboard', { token: admin })).body;
    const res = await tip(rider.token, booking.id, '4.00');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await stateOf(admin, rider, driver, booking.id);
    // The dashboard's cards show the tips beside the platform's figures, which do not move.
    const dashboardAfter = (await api('GET', '/dashboard', { token: admin })).body;
    expect(cents(dashboardAfter.total.tips) - cents(dashboardBefore.total.tips)).toBe(400);
    expect(cents(dashboardAfter.thisMonth.tips) - cents(dashboardBefore.thisMonth.tips)).toBe(400);
    expect({ ...dashboardAfter.total, tips: 0 }).toEqual({ ...dashboardBefore.total, tips: 0 });
    for (const field of ['trip_cost', 'convenience_fees', 'driver_share', 'customer_paid', 'discount', 'payment_mode', 'cashPaymentAmount', 'status']) {
      expect(after.booking[field], field).toEqual(before.booking[field]);
    }
    // Every write stamps the request's correlation id; the figures are what matter.
    const { tips: tipsBefore, lastCorrelationId: _b, ...figuresBefore } = before.earnings.item!;
    const { tips: tipsAfter, lastCorrelationId: _a, ...figuresAfter } = after.earnings.item!;
    expect(figuresAfter).toEqual(figuresBefore);
    expect((tipsAfter ?? 0) - (tipsBefore ?? 0)).toBe(400);
    expect(after.earnings.row).toEqual({ ...before.earnings.row, tips: 4 });
    // The driver's share came once, at PAID; the tip is a line of its own.
    expect(tipsIn(after.driver.items, booking.id)).toHaveLength(1);
    expect(after.driver.items.filter((e) => e.reason === 'TripShare' && e.bookingId === booking.id)).toHaveLength(1);
  });

  it('the driver earnings and the receipt show the tip, and the driver is told', async () => {
    const { rider, driver, booking } = await fundedPaidTrip();
    // Rated first (COMPLETE): a tip may come after the rating too.
    const done = await api('POST', `/bookings/${booking.id}/complete`, { token: rider.token, body: { rating: 5 } });
    expect(done.body.status).toBe('COMPLETE');
    // The receipt e-mail of COMPLETE goes out first (it reads the booking as it is when sent).
    const emails = async () => ((await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json()) as { items: Booking[] }).items
      .filter((i) => i.channel === 'email' && i.bookingId === booking.id);
    await expect.poll(async () => (await emails()).length, { timeout: 20_000 }).toBe(1);
    expect((await emails())[0]!.message).not.toContain('Tip');
    const res = await tip(rider.token, booking.id, '5.25');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETE', tip: 5.25, tip_mode: 'wallet' });

    const { row } = await driverEarnings(admin, driver.id);
    expect(row).toMatchObject({ driverShare: booking.driver_share, tips: 5.25, bookings: 1 });

    for (const token of [rider.token, driver.token, admin]) {
      const receipt = await api('GET', `/bookings/${booking.id}/receipt`, { token });
      expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
      expect(receipt.body.lines).toContainEqual({ kind: 'tip', amount: 5.25 });
      expect(receipt.body).toMatchObject({ tip: 5.25, subtotal: booking.trip_cost, total: cents(booking.trip_cost + 5.25) / 100, payment: { mode: 'cash', tipMode: 'wallet' } });
    }

    // ...and once more with the tip.
    await expect.poll(async () => (await emails()).length, { timeout: 20_000 }).toBe(2);
    const withTip = (await emails()).filter((e) => /Tip\s+\$?5\.25/.test(e.message));
    expect(withTip, JSON.stringify(await emails())).toHaveLength(1);
    expect(withTip[0]!.message).toContain('Tip paid by: Wallet');

    const messages = await api('GET', '/me/messages', { token: driver.token });
    const told = (messages.body.items as Booking[]).find((m) => m.kind === 'tip_received' && m.bookingId === booking.id);
    expect(told, JSON.stringify(messages.body.items.map((m: Booking) => m.kind))).toBeDefined();
    expect(told!.title).toContain('5.25');
  });

  describe('by card, through the payment gateway', () => {
    const cardTip = async (token: string, bookingId: string, amount: string) => {
      const res = await api('POST', '/payments/checkout', { token, body: { kind: 'tip', bookingId, amount, provider: 'paypal' } });
      return res as { status: number; body: any };
    };

    it('a card tip is credited to the driver once, even when the gateway\'s confirmation arrives twice (and ten times together)', async () => {
      const rider = await newRider();
      const { driver, booking } = await paidTrip(rider);
      const before = await stateOf(admin, rider, driver, booking.id);
      const checkout = await cardTip(rider.token, booking.id, '6.40');
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
      expect(checkout.body.fields).toMatchObject({ amount: '6.40', product_name: `Tip for booking ${booking.id}` });
      // Nothing moves until the provider confirms.
      expect(await stateOf(admin, rider, driver, booking.id)).toEqual(before);

      const signed = signedNotice(approvalOf(checkout.body));
      const first = await deliver('paypal', signed);
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ outcome: 'paid' });
      const again = await deliver('paypal', signed);
      expect(again.body).toMatchObject({ outcome: 'duplicate' });
      const together = await Promise.all(Array.from({ length: 10 }, () => deliver('paypal', signed)));
      for (const a of together) expect(a.body, JSON.stringify(a.body)).toMatchObject({ outcome: 'duplicate' });

      const after = await stateOf(admin, rider, driver, booking.id);
      expect(after.booking).toMatchObject({ tip: 6.4, tip_mode: 'card', status: 'PAID', trip_cost: before.booking.trip_cost, convenience_fees: before.booking.convenience_fees, driver_share: before.booking.driver_share });
      expect(tipsIn(after.driver.items, booking.id)).toEqual([expect.objectContaining({ type: 'Credit', amount: 6.4, txRef: `booking:${booking.id}:tip` })]);
      expect(cents(after.driver.balance)).toBe(cents(before.driver.balance) + 640);
      // The card paid; the rider's wallet is untouched.
      expect(after.rider).toEqual(before.rider);
      expect(after.earnings.row).toEqual({ ...before.earnings.row, tips: 6.4 });
      const payment = await api('GET', `/payments/${checkout.body.orderId}`, { token: rider.token });
      expect(payment.body).toMatchObject({ kind: 'tip', status: 'PAID', bookingId: booking.id, amount: 6.4 });
      const receipt = await api('GET', `/bookings/${booking.id}/receipt`, { token: rider.token });
      expect(receipt.body).toMatchObject({ tip: 6.4, payment: { mode: 'cash', tipMode: 'card', tipGateway: 'paypal' } });
      expect(receipt.body.lines).toContainEqual({ kind: 'tip', amount: 6.4 });
    });

    it('a card tip that arrives after the booking got its tip another way is credited back to the rider, and the driver is tipped once', async () => {
      const rider = await newRider();
      expect(await credit(rider.id, 20_00)).toBe(true);
      const { driver, booking } = await paidTrip(rider);
      const checkout = await cardTip(rider.token, booking.id, '5.00');
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
      expect((await tip(rider.token, booking.id, '2.00')).status).toBe(200);
      // A second checkout is refused at once: the trip has its tip.
      const late = await cardTip(rider.token, booking.id, '5.00');
      expect([late.status, late.body.error?.code]).toEqual([409, 'tip_already_added']);

      const res = await deliver('paypal', signedNotice(approvalOf(checkout.body)));
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ outcome: 'credited' });
      const after = await stateOf(admin, rider, driver, booking.id);
      expect(after.booking).toMatchObject({ tip: 2, tip_mode: 'wallet' });
      expect(tipsIn(after.driver.items, booking.id)).toHaveLength(1);
      expect(after.rider.items.filter((e) => e.reason === 'Refund' && e.txRef === `payment:${checkout.body.orderId}`)).toEqual([expect.objectContaining({ type: 'Credit', amount: 5 })]);
      expect(after.earnings.row?.tips).toBe(2);
    });

    it('a card tip follows the tip rules at checkout: only its rider, a paid trip, within the limit', async () => {
      const rider = await newRider();
      const stranger = await newRider();
      const { driver, booking } = await acceptedTrip(rider);
      const unpaid = await cardTip(rider.token, booking.id, '2.00');
      expect([unpaid.status, unpaid.body.error?.code]).toEqual([409, 'tip_not_ready']);
      await driveToDrop(driver, booking);
      const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
      const limit = Math.max(50, paid.body.trip_cost * 2);
      const byStranger = await cardTip(stranger.token, booking.id, '2.00');
      expect([byStranger.status, byStranger.body.error?.code]).toEqual([404, 'not_found']);
      const tooMuch = await cardTip(rider.token, booking.id, (limit + 0.01).toFixed(2));
      expect([tooMuch.status, tooMuch.body.error?.code]).toEqual([400, 'tip_too_large']);
      const zero = await cardTip(rider.token, booking.id, '0');
      expect([zero.status, zero.body.error?.code]).toEqual([400, 'tip_amount_invalid']);
      const byDriver = await api('POST', '/payments/checkout', { token: driver.token, body: { kind: 'tip', bookingId: booking.id, amount: '2.00', provider: 'paypal' } });
      expect(byDriver.status).toBe(404);
    });
  });
});
