import { beforeAll, describe, expect, it } from 'vitest';
import { north, onlineDriver, ownPlace, point, type TestDriver } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { approvalOf, deliver, signedNotice } from './support/payments';
import { sampleBooking } from './support/sample-requests';
import { acceptedTrip, credit, driveToDrop, newRider, wallet, type TestRider } from './support/trips';

type Checkout = { orderId: string; fields: Record<string, string> };

/**
 * Issue 19 item 1: a paid booking is never charged again. Every path that takes a rider's money
 * for a booking (pay from the wallet, Pay now by card, a provider checkout, a promo, the driver's settlement)
 * is tried against every state in which the booking is already paid: prepaid by card before the
 * trip (at each status it then passes through), paid from the wallet, settled in cash, paid by
 * card after the trip, and closed. Each must answer 409 `booking_already_paid` and change nothing:
 * not the booking, not a wallet.
 */
describe('a paid booking is never charged again', () => {
  let admin: string;
  let rider: TestRider;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
    // Enough for any wallet payment, so a refusal can only come from the payment rule.
    expect(await credit(rider.id, 1_000_00), 'the test needs the table to fund the rider').toBe(true);
  });

  const booking = async (id: string) => {
    const res = await api('GET', `/bookings/${id}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body;
  };

  /** What a payment would change (dispatch may move a NEW booking's offers meanwhile; that is not this test's business). */
  const paidFields = (b: Record<string, unknown>) => {
    const { requestedDrivers: _r, dispatchRound: _d, offersOut: _o, roundEndsAt: _e, ...rest } = b;
    return rest;
  };

  /** Every payment path a rider or the trip's driver can call, as requests. */
  const paths = (id: string, driver: TestDriver | undefined) => [
    { name: 'pay from wallet', token: rider.token, path: `/bookings/${id}/pay`, body: { method: 'wallet' } },
    { name: 'Pay now (card)', token: rider.token, path: `/bookings/${id}/pay`, body: { method: 'card' } },
    { name: 'checkout', token: rider.token, path: '/payments/checkout', body: { kind: 'booking', bookingId: id, provider: 'paypal' } },
    // A promo would change what a paid booking cost.
    { name: 'apply promo', token: rider.token, path: `/bookings/${id}/promo`, body: { code: 'ANYCODE' } },
    ...(driver
      ? [
          { name: 'settle cash', token: driver.token, path: `/bookings/${id}/settle`, body: { method: 'cash' } },
          { name: 'settle later', token: driver.token, path: `/bookings/${id}/settle`, body: { method: 'later' } },
        ]
      : []),
  ];

  /**
   * Tries every path (but `except`: the repeat of the step that paid it, which answers as the
   * first did) and requires 409 booking_already_paid, the booking and every wallet as they were.
   */
  async function refusesEveryPath(label: string, id: string, driver: TestDriver | undefined, except: string[] = []) {
    const before = { booking: await booking(id), rider: await wallet(rider.token), driver: driver ? await wallet(driver.token) : undefined };
    for (const p of paths(id, driver).filter((x) => !except.includes(x.name))) {
      const res = await api('POST', p.path, { token: p.token, body: p.body });
      expect({ at: label, path: p.name, status: res.status, code: res.body?.error?.code }).toEqual({ at: label, path: p.name, status: 409, code: 'booking_already_paid' });
    }
    expect(paidFields(await booking(id)), `${label}: the booking is unchanged`).toEqual(paidFields(before.booking));
    expect(await wallet(rider.token), `${label}: the rider's wallet is unchanged`).toEqual(before.rider);
    if (driver) expect(await wallet(driver.token), `${label}: the driver's wallet is unchanged`).toEqual(before.driver);
  }

  it('a delivery prepaid by card: refused at every status from NEW to COMPLETE; a second checkout\'s money goes back to the wallet', async () => {
    const here = ownPlace();
    const driver = await onlineDriver(north(here, 1));
    const made = await api('POST', '/bookings', {
      token: rider.token,
      body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Pickup here'), drop: point(north(here, 4), 'Drop there'), riderId: undefined }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.status).toBe('PAYMENT_PENDING');
    const id = made.body.id as string;
    // Two tabs open a checkout before either pays; the first pays.
    const first = (await api<Checkout>('POST', '/payments/checkout', { token: rider.token, body: { kind: 'booking', bookingId: id, provider: 'paypal' } })).body;
    const second = (await api<Checkout>('POST', '/payments/checkout', { token: rider.token, body: { kind: 'booking', bookingId: id, provider: 'paypal' } })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(first)))).body).toMatchObject({ outcome: 'paid' });
    const prepaid = await booking(id);
    expect(prepaid).toMatchObject({ status: 'NEW', prepaid: true, payment_mode: 'card' });

    // The second tab's payment arrives: it never pays the booking again; the money is the rider's.
    const walletBefore = await wallet(rider.token);
    expect((await deliver('paypal', signedNotice(approvalOf(second)))).body).toMatchObject({ outcome: 'credited' });
    // (Dispatch may move its offers meanwhile: the money fields are what must not change.)
    const money = (b: Record<string, unknown>) => ({ status: b.status, prepaid: b.prepaid, payment_mode: b.payment_mode, customer_paid: b.customer_paid, cardPaymentAmount: b.cardPaymentAmount, usedWalletMoney: b.usedWalletMoney, gateway: b.gateway });
    expect(money(await booking(id))).toEqual(money(prepaid));
    const walletAfter = await wallet(rider.token);
    expect(walletAfter.items.filter((e) => e.bookingId === id && e.reason === 'TripPayment')).toEqual([]);
    expect(walletAfter.items.filter((e) => !walletBefore.items.some((b) => b.txRef === e.txRef))).toEqual([
      expect.objectContaining({ type: 'Credit', reason: 'Refund', txRef: `payment:${second.orderId}`, amount: prepaid.customer_paid }),
    ]);

    // NEW: the driver nearby holds the offer (dispatch runs), so the driver's paths apply too.
    let offered = false;
    for (let i = 0; i < 40 && !offered; i++) {
      const offers = (await api('GET', '/drivers/me/offers', { token: driver.token })).body.items as { bookingId: string }[];
      offered = offers.some((o) => o.bookingId === id);
      if (!offered) await new Promise((r) => setTimeout(r, 250));
    }
    expect(offered).toBe(true);
    await refusesEveryPath('NEW', id, driver);

    const step = async (path: string, body: unknown = {}) => {
      const res = await api('POST', `/bookings/${id}/${path}`, { token: driver.token, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    await step('accept');
    await refusesEveryPath('ACCEPTED', id, driver);
    await step('arrive');
    await refusesEveryPath('ARRIVED', id, driver);
    await step('start', prepaid.otp !== undefined ? { otp: String(prepaid.otp) } : {});
    await refusesEveryPath('STARTED', id, driver);
    await step('reach');
    // Where the rider was offered "Pay from wallet" and charged a second time.
    await refusesEveryPath('REACHED', id, driver, ['settle cash']);
    // The driver hands the parcel over: PAID with the card payment, nothing taken.
    const dropped = await api('POST', `/bookings/${id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(dropped.body).toMatchObject({ status: 'PAID', payment_mode: 'card', cashPaymentAmount: 0, usedWalletMoney: 0 });
    await refusesEveryPath('PAID', id, driver, ['settle cash']);
    expect((await api('POST', `/bookings/${id}/complete`, { token: rider.token, body: {} })).status).toBe(200);
    await refusesEveryPath('COMPLETE', id, driver);
    // Over the whole trip the rider paid once, by card: no wallet entry took money for it.
    expect((await wallet(rider.token)).items.filter((e) => e.bookingId === id && e.type !== 'Credit')).toEqual([]);
  });

  it('paid from the wallet, then closed', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    await driveToDrop(driver, trip);
    const paid = await api('POST', `/bookings/${trip.id}/pay`, { token: rider.token, body: { method: 'wallet' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.booking).toMatchObject({ status: 'PAID', payment_mode: 'wallet' });
    await refusesEveryPath('PAID from the wallet', trip.id, driver, ['pay from wallet']);
    expect((await api('POST', `/bookings/${trip.id}/complete`, { token: rider.token, body: {} })).status).toBe(200);
    await refusesEveryPath('COMPLETE after the wallet', trip.id, driver);
    expect((await wallet(rider.token)).items.filter((e) => e.bookingId === trip.id && e.reason === 'TripPayment')).toHaveLength(1);
  });

  it('settled in cash by the driver', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    await driveToDrop(driver, trip);
    const cash = await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(cash.body).toMatchObject({ status: 'PAID', payment_mode: 'cash' });
    await refusesEveryPath('PAID in cash', trip.id, driver, ['settle cash']);
  });

  it('left to the rider and paid by card (Pay now)', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    await driveToDrop(driver, trip);
    expect((await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'later' } })).body.status).toBe('PENDING');
    expect((await api('POST', `/bookings/${trip.id}/pay`, { token: rider.token, body: { method: 'card' } })).status).toBe(200);
    const c = (await api<Checkout>('POST', '/payments/checkout', { token: rider.token, body: { kind: 'booking', bookingId: trip.id, provider: 'paypal' } })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(c)))).body).toMatchObject({ outcome: 'paid' });
    expect(await booking(trip.id)).toMatchObject({ status: 'PAID', payment_mode: 'card' });
    await refusesEveryPath('PAID by card', trip.id, driver);
  });
});
