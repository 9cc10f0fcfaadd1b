import { beforeAll, describe, expect, it } from 'vitest';
import { north, onlineDriver, ownPlace, point } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { approvalOf, deliver, formBody, signedNotice } from './support/payments';
import { sampleBooking, samplePromo } from './support/sample-requests';
import { withSettings } from './support/settings-helpers';
import { zonedPeriods } from '../../shared/src/domain/time-zone';
import { acceptedTrip, driveToDrop, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';

type Checkout = { orderId: string; link: string; method: string; fields: Record<string, string>; amount: number; currency: string };

/**
 * Spec §4 Payment and Pay now through a provider: the checkout answers the provider's form, and
 * only a verified confirmation that matches it moves a booking or a wallet, exactly once.
 */
describe('payments through providers', () => {
  let admin: string;
  let rider: TestRider;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
  });

  const checkout = async (token: string, body: Record<string, unknown>) => api<Checkout & { error: { code: string } }>('POST', '/payments/checkout', { token, body });
  const booking = async (id: string) => (await api('GET', `/bookings/${id}`, { token: admin })).body;
  const payment = async (orderId: string, token = rider.token) => (await api('GET', `/payments/${orderId}`, { token })).body;

  /** A delivery-mode rider's own Book Now booking with a driver close by: PAYMENT_PENDING. */
  async function pendingPayment(who: TestRider = rider) {
    const here = ownPlace();
    const driver = await onlineDriver(north(here, 1));
    const res = await api('POST', '/bookings', {
      token: who.token,
      body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Pickup here'), drop: point(north(here, 4), 'Drop there'), riderId: undefined }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe('PAYMENT_PENDING');
    return { driver, booking: res.body as { id: string; trip_cost: number; status: string } };
  }

  it('checkout answers the spec §4 form: the provider link and the hidden fields, at the server\'s amount', async () => {
    const { booking: b } = await pendingPayment();
    const res = await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const me = (await api('GET', '/me', { token: rider.token })).body;
    expect(res.body).toMatchObject({ link: '/api/payments/gateway/paypal', method: 'POST', amount: b.trip_cost, currency: 'USD' });
    expect(res.body.fields).toEqual({
      order_id: res.body.orderId, amount: b.trip_cost.toFixed(2), currency: 'USD', product_name: `Booking ${b.id}`,
      first_name: me.firstName, last_name: me.lastName, quantity: '1', cust_id: me.id, mobile_no: me.mobile, email: me.email,
    });
    expect(await payment(res.body.orderId)).toMatchObject({ status: 'OPEN', kind: 'booking', bookingId: b.id, amount: b.trip_cost });
  });

  it('a delivery-mode booking paid through the test gateway becomes NEW and goes out to drivers', async () => {
    const { driver, booking: b } = await pendingPayment();
    const c = (await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'stripe' })).body;
    // The browser posts the form; the gateway sends it to its page.
    const posted = await api('POST', '/payments/gateway/stripe', { rawBody: formBody(c.fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.status).toBe(303);
    const gatewayId = new URL(posted.headers.get('location')!, 'http://x').searchParams.get('payment')!;
    const page = await api('GET', `/payments/gateway/payments/${gatewayId}`);
    expect(page.body).toMatchObject({ status: 'open', order_id: c.orderId, amount: c.fields.amount, currency: 'USD', provider: 'stripe' });
    // Nothing is paid until the gateway says so.
    expect((await booking(b.id)).status).toBe('PAYMENT_PENDING');

    const decided = await api('POST', `/payments/gateway/payments/${gatewayId}`, { body: { decision: 'approve' } });
    expect(decided.body).toMatchObject({ status: 'approved', returnUrl: `/payment-result?order=${c.orderId}` });
    const paid = await booking(b.id);
    expect(paid).toMatchObject({ status: 'NEW', prepaid: true, payment_mode: 'card', gateway: 'stripe', customer_paid: b.trip_cost, cardPaymentAmount: b.trip_cost });
    expect(paid.paymentPacket).toMatchObject({ payment_mode: 'card', customer_paid: b.trip_cost, usedWalletMoney: 0, cashPaymentAmount: 0 });
    expect(await payment(c.orderId)).toMatchObject({ status: 'PAID', settledAt: expect.any(Number) });
    // Dispatch starts: the driver nearby gets the offer.
    let offered = false;
    for (let i = 0; i < 40 && !offered; i++) {
      const offers = (await api('GET', '/drivers/me/offers', { token: driver.token })).body.items as { bookingId: string }[];
      offered = offers.some((o) => o.bookingId === b.id);
      if (!offered) await new Promise((r) => setTimeout(r, 250));
    }
    expect(offered).toBe(true);
    // A second Pay on the gateway page changes nothing.
    const again = await api('POST', `/payments/gateway/payments/${gatewayId}`, { body: { decision: 'decline' } });
    expect(again.body.status).toBe('approved');
    const told = await api('GET', '/me/messages', { token: rider.token });
    expect(told.body.items.filter((m: { kind: string; bookingId?: string }) => m.kind === 'booking_prepaid' && m.bookingId === b.id)).toHaveLength(1);
    await api('POST', `/bookings/${b.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('Pay now: a PENDING trip confirmed 10 times at once is PAID once, the driver credited once', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    await driveToDrop(driver, trip);
    const later = await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'later' } });
    expect(later.body.status).toBe('PENDING');
    const packet = await api('POST', `/bookings/${trip.id}/pay`, { token: rider.token, body: { method: 'card' } });
    expect(packet.body.selectedProvider).toBeDefined();
    const c = (await checkout(rider.token, { kind: 'booking', bookingId: trip.id, provider: 'paypal' })).body;
    const before = await wallet(driver.token);
    const signed = signedNotice(approvalOf(c));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver('paypal', signed)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => (a.body as { outcome: string }).outcome === 'paid')).toHaveLength(1);
    expect(answers.filter((a) => (a.body as { outcome: string }).outcome === 'duplicate')).toHaveLength(9);
    const paid = await booking(trip.id);
    expect(paid).toMatchObject({ status: 'PAID', payment_mode: 'card', gateway: 'paypal', cardPaymentAmount: paid.trip_cost });
    const after = await wallet(driver.token);
    expect(after.items.filter((e) => e.bookingId === trip.id && e.reason === 'TripShare')).toHaveLength(1);
    expect(after.balance).toBeCloseTo(before.balance + paid.driver_share, 2);
    expect(after.balance).toBeCloseTo(sumOfEntries(after.items), 2);
  });

  it('a top-up confirmed many times credits the wallet once', async () => {
    const r = await newRider();
    const c = (await checkout(r.token, { kind: 'topup', amount: '12.34', provider: 'paypal' })).body;
    expect(c.fields).toMatchObject({ amount: '12.34', product_name: 'Wallet top-up' });
    const signed = signedNotice(approvalOf(c));
    await Promise.all(Array.from({ length: 8 }, () => deliver('paypal', signed)));
    const w = await wallet(r.token);
    expect(w.balance).toBe(12.34);
    expect(w.items).toEqual([expect.objectContaining({ type: 'Credit', amount: 12.34, reason: 'TopUp', txRef: `payment:${c.orderId}` })]);
    // The same confirmation later again: still once.
    expect((await deliver('paypal', signed)).body).toMatchObject({ outcome: 'duplicate' });
    expect((await wallet(r.token)).balance).toBe(12.34);
  });

  it('forged, tampered, stale and mismatched confirmations change nothing', async () => {
    const r = await newRider();
    const c = (await checkout(r.token, { kind: 'topup', amount: '20', provider: 'paypal' })).body;
    const genuine = signedNotice(approvalOf(c));
    const refusals = [
      // Signed with another key.
      [deliver('paypal', signedNotice(approvalOf(c), { secret: 'not-the-key' })), 'invalid_signature'],
      // Signed, then the amount changed.
      [deliver('paypal', { ...genuine, body: genuine.body.replace('"20.00"', '"2000.00"') }), 'invalid_signature'],
      // No signature at all.
      [deliver('paypal', { body: genuine.body, headers: { 'content-type': 'application/json' } }), 'invalid_signature'],
      // A genuine confirmation captured and replayed ten minutes later.
      [deliver('paypal', signedNotice(approvalOf(c), { atMs: Date.now() - 10 * 60_000 })), 'invalid_signature'],
      // Genuinely signed, but for another amount, currency, order or provider than the checkout.
      [deliver('paypal', signedNotice(approvalOf(c, { amount: '19.99' }))), 'payment_mismatch'],
      [deliver('paypal', signedNotice(approvalOf(c, { currency: 'EUR' }))), 'payment_mismatch'],
      [deliver('paypal', signedNotice(approvalOf(c, { order_id: 'ord_000000000000000000000000' }))), 'payment_mismatch'],
      [deliver('stripe', signedNotice(approvalOf(c))), 'payment_mismatch'],
      // Not money: exponents, negatives, NaN, too many decimals.
      [deliver('paypal', signedNotice(approvalOf(c, { amount: '2e1' }))), 'invalid_signature'],
      [deliver('paypal', signedNotice(approvalOf(c, { amount: '-20.00' }))), 'invalid_signature'],
      [deliver('paypal', signedNotice(approvalOf(c, { amount: 'NaN' }))), 'invalid_signature'],
      [deliver('paypal', signedNotice(approvalOf(c, { amount: '20.001' }))), 'invalid_signature'],
    ] as const;
    for (const [call, code] of refusals) {
      const res = await call;
      expect({ status: res.status, code: (res.body as { error?: { code: string } }).error?.code }).toEqual({ status: 400, code });
    }
    expect(await payment(c.orderId, r.token)).toMatchObject({ status: 'OPEN' });
    expect((await wallet(r.token)).balance).toBe(0);
    // The genuine one still works afterwards.
    expect((await deliver('paypal', genuine)).body).toMatchObject({ outcome: 'paid' });
    expect((await wallet(r.token)).balance).toBe(20);
  });

  it('a form tampered on its way to the gateway is paid at the wrong amount and refused by the platform', async () => {
    const { booking: b } = await pendingPayment();
    const c = (await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).body;
    const posted = await api('POST', '/payments/gateway/paypal', { rawBody: formBody({ ...c.fields, amount: '0.01' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const gatewayId = new URL(posted.headers.get('location')!, 'http://x').searchParams.get('payment')!;
    const decided = await api('POST', `/payments/gateway/payments/${gatewayId}`, { body: { decision: 'approve' } });
    expect(decided.body.status).toBe('approved');
    expect((await booking(b.id)).status).toBe('PAYMENT_PENDING');
    expect(await payment(c.orderId)).toMatchObject({ status: 'OPEN' });
    await api('POST', `/bookings/${b.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('a declined payment closes the checkout and leaves the booking waiting', async () => {
    const { booking: b } = await pendingPayment();
    const c = (await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(c, { status: 'declined' })))).body).toMatchObject({ outcome: 'declined' });
    expect(await payment(c.orderId)).toMatchObject({ status: 'DECLINED' });
    expect((await booking(b.id)).status).toBe('PAYMENT_PENDING');
    // An approval for the declined checkout moves nothing; a new checkout can still pay.
    expect((await deliver('paypal', signedNotice(approvalOf(c)))).body).toMatchObject({ outcome: 'duplicate' });
    const again = (await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(again)))).body).toMatchObject({ outcome: 'paid' });
    expect((await booking(b.id)).status).toBe('NEW');
    await api('POST', `/bookings/${b.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('money for a booking that no longer wants it goes to the rider\'s wallet; a prepaid booking cancelled is refunded', async () => {
    const r = await newRider();
    const { booking: b } = await pendingPayment(r);
    const first = (await checkout(r.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).body;
    const second = (await checkout(r.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(first)))).body).toMatchObject({ outcome: 'paid' });
    // Paid twice (two tabs): the second payment is kept as credit.
    expect((await deliver('paypal', signedNotice(approvalOf(second)))).body).toMatchObject({ outcome: 'credited' });
    expect(await payment(second.orderId, r.token)).toMatchObject({ status: 'CREDITED' });
    let w = await wallet(r.token);
    expect(w.balance).toBe(b.trip_cost);
    // Cancelled before a driver came: the prepaid fare comes back too, once.
    const cancelled = await api('POST', `/bookings/${b.id}/cancel`, { token: r.token, body: { reason: 'Changed my mind' } });
    expect(cancelled.body.status).toBe('CANCELLED');
    w = await wallet(r.token);
    expect(w.balance).toBeCloseTo(2 * b.trip_cost, 2);
    expect(w.items.filter((e) => e.txRef === `booking:${b.id}:refund`)).toHaveLength(1);
    expect(w.balance).toBeCloseTo(sumOfEntries(w.items), 2);
  });

  it('checkout: only the booking\'s own rider, only while it waits for money, only real amounts', async () => {
    const { booking: b } = await pendingPayment();
    const other = await newRider();
    expect((await checkout(other.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).status).toBe(404);
    expect((await checkout(await idToken(DEMO.driver), { kind: 'booking', bookingId: b.id, provider: 'paypal' })).status).toBe(404);
    expect((await checkout(rider.token, { kind: 'booking', bookingId: 'NOSUCHBOOKING', provider: 'paypal' })).status).toBe(404);
    // Braintree is not enabled in the demo; nobody has heard of "acme".
    expect((await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'braintree' })).body.error.code).toBe('no_provider_found');
    expect((await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'acme' })).status).toBe(400);
    // Client-chosen amounts or status are not part of a booking checkout.
    expect((await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'paypal', amount: 0.01 })).status).toBe(400);
    for (const amount of ['-5', 'NaN', '1.234', '0', '', '1e9', '99999999', 'ten', 0.5]) {
      const res = await checkout(rider.token, { kind: 'topup', amount, provider: 'paypal' });
      expect({ amount, status: res.status, code: res.body.error?.code }).toEqual({ amount, status: 400, code: expect.stringMatching(/no_details_error|validation_error/) });
    }
    await api('POST', `/bookings/${b.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
    expect((await checkout(rider.token, { kind: 'booking', bookingId: b.id, provider: 'paypal' })).body.error.code).toBe('not_payable');
  });

  it('another rider\'s payment is not theirs to read', async () => {
    const c = (await checkout(rider.token, { kind: 'topup', amount: '5', provider: 'paypal' })).body;
    const other = await newRider();
    expect((await api('GET', `/payments/${c.orderId}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `/payments/${c.orderId}`, { token: admin })).status).toBe(200);
  });
});

describe('promos at checkout', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
  });
  const promo = async (fields: Record<string, unknown>) => {
    const res = await api('POST', '/promos', { token: admin, body: { ...samplePromo(), ...fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; promo_name: string };
  };
  const riderBooking = async (r: TestRider) => {
    const res = await api('POST', '/bookings', { token: r.token, body: await sampleBooking({ riderId: undefined }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; trip_cost: number };
  };

  it('the server computes the discount, the checkout charges the rest, and the use is counted once', async () => {
    const r = await newRider();
    const b = await riderBooking(r);
    const p = await promo({ promo_discount_type: 'percentage', promo_discount_value: 10, max_promo_discount_value: 1000, min_order: 0 });
    const applied = await api('POST', `/bookings/${b.id}/promo`, { token: r.token, body: { code: p.promo_name.toLowerCase() } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const discount = Math.round(b.trip_cost * 10) / 100;
    expect(applied.body).toMatchObject({ discount, promo_applied: true, promo_details: { id: p.id, discount } });
    expect((await api('POST', `/bookings/${b.id}/promo`, { token: r.token, body: { code: p.promo_name } })).body.error.code).toBe('promo_already_applied');
    const c = (await api('POST', '/payments/checkout', { token: r.token, body: { kind: 'booking', bookingId: b.id, provider: 'paypal' } })).body;
    expect(c.amount).toBeCloseTo(b.trip_cost - discount, 2);
    const listed = (await api('GET', '/promos', { token: admin })).body.items.find((x: { id: string }) => x.id === p.id);
    expect(listed.user_avail).toBe(1);
    // Paid: the booking carries the packet of spec §3 with the discount.
    expect((await deliver('paypal', signedNotice(approvalOf(c)))).body).toMatchObject({ outcome: 'paid' });
    const paid = (await api('GET', `/bookings/${b.id}`, { token: admin })).body;
    expect(paid.paymentPacket).toMatchObject({ customer_paid: c.amount, discount_amount: discount, promo_applied: true, promo_details: { id: p.id, discount } });
    await api('POST', `/bookings/${b.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('Pay now saves a card packet that names the promo (spec §3 promo_applied, promo_details), before or after Pay now', async () => {
    const flat = await promo({ promo_discount_type: 'flat', promo_discount_value: 1.5, max_promo_discount_value: 0, min_order: 0 });
    const pending = async (r: TestRider) => {
      const { driver, booking: trip } = await acceptedTrip(r);
      await driveToDrop(driver, trip);
      const later = await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'later' } });
      expect(later.body.status, JSON.stringify(later.body)).toBe('PENDING');
      return later.body as { id: string; trip_cost: number };
    };
    const details = { id: flat.id, promo_name: flat.promo_name, promo_discount_type: 'flat', promo_discount_value: 1.5, discount: 1.5 };
    // The promo first, then Pay now.
    const r1 = await newRider();
    const t1 = await pending(r1);
    expect((await api('POST', `/bookings/${t1.id}/promo`, { token: r1.token, body: { code: flat.promo_name } })).status).toBe(200);
    const paid1 = await api('POST', `/bookings/${t1.id}/pay`, { token: r1.token, body: { method: 'card' } });
    expect(paid1.status, JSON.stringify(paid1.body)).toBe(200);
    const due1 = Math.round((t1.trip_cost - 1.5) * 100) / 100;
    expect(paid1.body.booking.paymentPacket).toEqual(expect.objectContaining({ customer_paid: due1, payableAmount: due1, discount_amount: 1.5, promo_applied: true, promo_details: details }));
    // Pay now first, then the promo: the saved packet follows it.
    const r2 = await newRider();
    const t2 = await pending(r2);
    const before = await api('POST', `/bookings/${t2.id}/pay`, { token: r2.token, body: { method: 'card' } });
    expect(before.body.booking.paymentPacket).toMatchObject({ promo_applied: false, discount_amount: 0 });
    expect(before.body.booking.paymentPacket.promo_details).toBeUndefined();
    expect((await api('POST', `/bookings/${t2.id}/promo`, { token: r2.token, body: { code: flat.promo_name } })).status).toBe(200);
    const stored = (await api('GET', `/bookings/${t2.id}`, { token: admin })).body;
    expect(stored.paymentPacket).toEqual(expect.objectContaining({ discount_amount: 1.5, promo_applied: true, promo_details: details }));
  });

  it('flat discounts are capped, minimum orders and validity hold, unknown codes are refused', async () => {
    const r = await newRider();
    const b = await riderBooking(r);
    const big = await promo({ promo_discount_type: 'flat', promo_discount_value: 100000, max_promo_discount_value: 2.5, min_order: 0 });
    const applied = await api('POST', `/bookings/${b.id}/promo`, { token: r.token, body: { code: big.promo_name } });
    expect(applied.body.discount).toBe(2.5);
    const b2 = await riderBooking(r);
    const minimum = await promo({ min_order: 100000 });
    expect((await api('POST', `/bookings/${b2.id}/promo`, { token: r.token, body: { code: minimum.promo_name } })).body.error.code).toBe('promo_min_order');
    const old = await promo({ promo_validity: '2020-01-01', min_order: 0 });
    expect((await api('POST', `/bookings/${b2.id}/promo`, { token: r.token, body: { code: old.promo_name } })).body.error.code).toBe('promo_out_of_date');
    expect((await api('POST', `/bookings/${b2.id}/promo`, { token: r.token, body: { code: 'NOSUCHPROMO' } })).status).toBe(404);
    // Another rider's booking is not theirs to discount.
    const other = await newRider();
    expect((await api('POST', `/bookings/${b2.id}/promo`, { token: other.token, body: { code: big.promo_name } })).status).toBe(404);
  });

  it("a promo's last day is the operator's calendar day (its time zone), not UTC's", async () => {
    // Pago Pago (UTC-11) and Kiritimati (UTC+14) are a day or two apart at any hour, UTC between them.
    const lastDay = zonedPeriods(Date.now(), 'Pacific/Pago_Pago').day;
    const p = await promo({ promo_validity: lastDay, min_order: 0 });
    const r = await newRider();
    const applyIn = async (timeZone: string) => withSettings({ timeZone }, async () => {
      const b = await riderBooking(r);
      const res = await api('POST', `/bookings/${b.id}/promo`, { token: r.token, body: { code: p.promo_name } });
      await api('POST', `/bookings/${b.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
      return res;
    });
    expect((await applyIn('Pacific/Pago_Pago')).status).toBe(200);
    expect((await applyIn('Pacific/Kiritimati')).body.error?.code).toBe('promo_out_of_date');
  });

  it('20 riders racing for a promo with 5 uses left: exactly 5 get it', async () => {
    const p = await promo({ promo_usage_limit: 5, min_order: 0 });
    const riders = await Promise.all(Array.from({ length: 20 }, () => newRider()));
    const bookings = await Promise.all(riders.map((r) => riderBooking(r)));
    const answers = await Promise.all(riders.map((r, i) => api('POST', `/bookings/${bookings[i]!.id}/promo`, { token: r.token, body: { code: p.promo_name } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const listed = (await api('GET', '/promos', { token: admin })).body.items.find((x: { id: string }) => x.id === p.id);
    expect(listed.user_avail).toBe(5);
    const discounted = await Promise.all(bookings.map(async (b) => (await api('GET', `/bookings/${b.id}`, { token: admin })).body.promo_applied === true));
    expect(discounted.filter(Boolean)).toHaveLength(5);
  });
});
