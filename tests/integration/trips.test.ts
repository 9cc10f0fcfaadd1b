import { beforeAll, describe, expect, it } from 'vitest';
import { newDriver, north, onlineDriver, ownPlace } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleCarType } from './support/sample-requests';
import { acceptedTrip, bookNowFor, credit, driveToDrop, earningsItem, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';
import { earningsPeriods } from '../../shared/src/domain/earnings';
import { postForm } from './support/uploads';
import { operatorTimeZone } from './support/settings-helpers';

/**
 * Spec §4 lifecycle after dispatch, each step one server operation whose side effects land in
 * the same transaction: the booking, the offers, the driver's queue, tracking, wallets, messages.
 */
describe('the trip', () => {
  let admin: string;
  let rider: TestRider;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
  });
  const booking = async (id: string) => (await api('GET', `/bookings/${id}`, { token: admin })).body;
  const presence = async (token: string) => (await api('GET', '/drivers/me', { token })).body;

  it('accept: driver details copied, every other offer revoked, the driver queued, a tracking point, the customer told', async () => {
    const here = ownPlace();
    const [a, b] = [await onlineDriver(north(here, 1)), await onlineDriver(north(here, 2))];
    const created = await bookNowFor(rider.id, here);
    expect(Object.keys(created.requestedDrivers).sort()).toEqual([a.id, b.id].sort());

    const res = await api('POST', `/bookings/${created.id}/accept`, { token: b.token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'ACCEPTED', driver: b.id, driver_name: expect.stringContaining('Test Driver'), vehicle_number: expect.stringMatching(/^T-/) });
    expect(res.body.otp).toBeUndefined();
    const stored = await booking(created.id);
    expect(stored).toMatchObject({ status: 'ACCEPTED', requestedDrivers: {}, offersOut: 0, acceptTime: expect.any(Number) });
    expect((await api('GET', '/drivers/me/offers', { token: a.token })).body.items).toEqual([]);
    expect((await api('GET', '/drivers/me/offers', { token: b.token })).body.items).toEqual([]);
    expect(await presence(b.token)).toMatchObject({ queue: true, dispatchable: false });
    expect(await presence(a.token)).toMatchObject({ queue: false });
    // The other driver lost sight of the booking; the winner has it in their list.
    expect((await api('GET', `/bookings/${created.id}`, { token: a.token })).status).toBe(404);
    const mine = await api('GET', '/bookings', { token: b.token });
    expect(mine.body.items.map((x: { id: string }) => x.id)).toContain(created.id);
    const tracked = await api('GET', `/bookings/${created.id}/tracking`, { token: rider.token });
    expect(tracked.status).toBe(200);
    expect(tracked.body.point).toMatchObject({ status: 'ACCEPTED' });
    expect(tracked.body).toMatchObject({ etaTo: 'pickup', etaSeconds: expect.any(Number) });
    const told = await api('GET', '/me/messages', { token: rider.token });
    expect(told.body.items.find((m: { bookingId?: string }) => m.bookingId === created.id)).toMatchObject({ kind: 'booking_accepted' });

    // The loser's accept, and a second accept by the winner, change nothing.
    const late = await api('POST', `/bookings/${created.id}/accept`, { token: a.token, body: {} });
    // It was offered to them, so they hear it was taken (not "not found").
    expect([late.status, late.body.error?.code]).toEqual([409, 'booking_taken']);
    // The winner's repeat answers as their first accept did (docs/architecture.md, "The trip").
    const again = await api('POST', `/bookings/${created.id}/accept`, { token: b.token, body: {} });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: res.body });
    expect((await booking(created.id)).driver).toBe(b.id);
    await api('POST', `/bookings/${created.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
    expect(await presence(b.token)).toMatchObject({ queue: false });
  });

  it('a whole trip paid by cash: ledger entries, the driver freed, the rider rates it', async () => {
    const { driver, booking: trip, here } = await acceptedTrip(rider);
    const wrongCode = await api('POST', `/bookings/${trip.id}/arrive`, { token: driver.token, body: {} });
    expect(wrongCode.body).toMatchObject({ status: 'ARRIVED', driver_arrive_time: expect.any(Number) });
    if (trip.otp !== undefined) {
      const bad = await api('POST', `/bookings/${trip.id}/start`, { token: driver.token, body: { otp: String((trip.otp % 90000) + 10001) } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('trip_code_mismatch');
      expect((await booking(trip.id)).status).toBe('ARRIVED');
    }
    const started = await api('POST', `/bookings/${trip.id}/start`, { token: driver.token, body: trip.otp !== undefined ? { otp: String(trip.otp) } : {} });
    expect(started.body).toMatchObject({ status: 'STARTED', trip_start_time: expect.any(Number) });
    // Pings during the trip are its tracking points: the location fetch reads the latest.
    await api('POST', '/drivers/me/location', { token: driver.token, body: north(here, 2) });
    const latest = await api('GET', `/bookings/${trip.id}/tracking`, { token: rider.token });
    expect(latest.body.point).toMatchObject({ status: 'STARTED', lat: expect.closeTo(north(here, 2).lat, 6) });
    expect(latest.body.etaTo).toBe('drop');

    const reached = await api('POST', `/bookings/${trip.id}/reach`, { token: driver.token, body: {} });
    expect(reached.status, JSON.stringify(reached.body)).toBe(200);
    expect(reached.body).toMatchObject({ status: 'REACHED', trip_end_time: expect.any(Number), total_trip_time: expect.any(Number) });
    const me = await api('GET', '/me', { token: rider.token });
    expect(me.body.savedAddresses).toEqual(expect.arrayContaining([expect.objectContaining({ description: 'Drop there', count: expect.any(Number) })]));

    const before = await wallet(driver.token);
    const paid = await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', payment_mode: 'cash', cashPaymentAmount: reached.body.trip_cost, customer_paid: reached.body.trip_cost });
    const after = await wallet(driver.token);
    expect(after.items.length - before.items.length).toBe(2);
    expect(after.items.filter((e) => e.bookingId === trip.id).map((e) => [e.type, e.reason, e.amount]).sort()).toEqual([
      ['Credit', 'TripShare', reached.body.driver_share],
      ['Debit', 'CashCollected', reached.body.trip_cost],
    ].sort());
    expect(after.balance).toBeCloseTo(before.balance + reached.body.driver_share - reached.body.trip_cost, 2);
    expect(after.balance).toBeCloseTo(sumOfEntries(after.items), 2);
    expect(await presence(driver.token)).toMatchObject({ queue: false });
    const told = await api('GET', '/me/messages', { token: driver.token });
    expect(told.body.items.find((m: { bookingId?: string }) => m.bookingId === trip.id)).toMatchObject({ kind: 'share_credited' });

    // Settling again answers with the booking as it is; nothing moves.
    expect((await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'cash' } })).status).toBe(200);
    expect((await wallet(driver.token)).items).toHaveLength(after.items.length);

    const rated = await api('POST', `/bookings/${trip.id}/complete`, { token: rider.token, body: { rating: 4 } });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    expect(rated.body).toMatchObject({ status: 'COMPLETE', rating: 4 });
    const profile = await api('GET', '/me', { token: driver.token });
    expect(profile.body.ratings).toEqual({ userrating: 4, details: [{ user: rider.id, rate: 4 }] });
  });

  it('a PAID step submitted 20 times at once: one credit, and the wallet equals its entries', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    const reached = await driveToDrop(driver, trip);
    const results = await Promise.all(Array.from({ length: 20 }, () => api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'cash' } })));
    // Every repeat answers as the first did: 200 with the PAID booking, never a 409 for a step that happened.
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    const w = await wallet(driver.token);
    expect(w.items.filter((e) => e.type === 'Credit' && e.bookingId === trip.id)).toHaveLength(1);
    expect(w.items.filter((e) => e.type === 'Debit' && e.bookingId === trip.id)).toHaveLength(1);
    expect(w.balance).toBeCloseTo(reached.driver_share - reached.trip_cost, 2);
    expect(w.balance).toBeCloseTo(sumOfEntries(w.items), 2);
  });

  it('PAID adds the trip to the earnings aggregates (day, month, driver) in the same step, once', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    const reached = await driveToDrop(driver, trip);
    const { day, month } = earningsPeriods(reached.tripdate, await operatorTimeZone());
    const read = () => Promise.all([earningsItem('ALL', `DAY#${day}`), earningsItem('ALL', `MONTH#${month}`), earningsItem('ALL', `DRIVER#${month}#${driver.id}`)]);
    const [dayBefore, monthBefore] = await read();
    if (!dayBefore || !monthBefore) return;
    await Promise.all([1, 2, 3].map(() => api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'cash' } })));
    const [dayAfter, monthAfter, driverMonth] = await read();
    const cents = (x: number) => Math.round(x * 100);
    for (const [before, after] of [[dayBefore, dayAfter!], [monthBefore, monthAfter!]] as const) {
      expect((after.bookings ?? 0) - (before.bookings ?? 0)).toBe(1);
      expect((after.tripCost ?? 0) - (before.tripCost ?? 0)).toBe(cents(reached.trip_cost));
      expect((after.convenienceFee ?? 0) - (before.convenienceFee ?? 0)).toBe(cents(reached.convenience_fees));
      expect((after.driverShare ?? 0) - (before.driverShare ?? 0)).toBe(cents(reached.driver_share));
      expect((after.rideCost ?? 0) - (before.rideCost ?? 0)).toBe(cents(reached.trip_cost) - cents(reached.convenience_fees));
    }
    expect(driverMonth).toMatchObject({ bookings: 1, driverShare: cents(reached.driver_share), driverUid: driver.id });
  });

  it('the rider pays from the wallet: refused when it does not cover the fare, then debited once', async () => {
    const payer = await newRider();
    const { driver, booking: trip } = await acceptedTrip(payer);
    const reached = await driveToDrop(driver, trip);
    const short = await api('POST', `/bookings/${trip.id}/pay`, { token: payer.token, body: { method: 'wallet' } });
    expect(short.status).toBe(409);
    expect(short.body.error.code).toBe('insufficient_balance');
    const credited = await credit(payer.id, Math.round(reached.trip_cost * 100) + 500);
    if (credited === undefined) return;
    // The driver leaves the payment to the rider: PENDING frees the driver at once.
    const pending = await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'later' } });
    expect(pending.body.status).toBe('PENDING');
    expect(await presence(driver.token)).toMatchObject({ queue: false });
    const paid = await api('POST', `/bookings/${trip.id}/pay`, { token: payer.token, body: { method: 'wallet' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.booking).toMatchObject({ status: 'PAID', payment_mode: 'wallet', usedWalletMoney: reached.trip_cost });
    const riderWallet = await wallet(payer.token);
    expect(riderWallet.balance).toBeCloseTo(5, 2);
    expect(riderWallet.balance).toBeCloseTo(sumOfEntries(riderWallet.items), 2);
    const driverWallet = await wallet(driver.token);
    expect(driverWallet.balance).toBeCloseTo(reached.driver_share, 2);
    // Paying again is the same step again: the first answer, and no second debit.
    const again = await api('POST', `/bookings/${trip.id}/pay`, { token: payer.token, body: { method: 'wallet' } });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: paid.body });
    expect((await wallet(payer.token)).balance).toBeCloseTo(5, 2);
  });

  it('Pay now by card saves the card payment packet and opens the chooser with the first provider', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    await driveToDrop(driver, trip);
    await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: 'later' } });
    const res = await api('POST', `/bookings/${trip.id}/pay`, { token: rider.token, body: { method: 'card' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.selectedProvider).toBe(res.body.providers[0].name);
    expect(res.body.booking).toMatchObject({ status: 'PENDING', paymentPacket: { payment_mode: 'card', cashPaymentAmount: 0, usedWalletMoney: 0 } });
  });

  it('decline: the driver leaves requestedDrivers and dispatch asks the next driver at once', async () => {
    const here = ownPlace();
    const a = await onlineDriver(north(here, 1));
    const b = await onlineDriver(north(here, 2));
    const { saveSettings } = await import('./support/settings-helpers');
    await saveSettings({ dispatchBatchSize: 1 });
    try {
      const created = await bookNowFor(rider.id, here);
      expect(created.requestedDrivers).toEqual({ [a.id]: true });
      const declined = await api('POST', `/bookings/${created.id}/decline`, { token: a.token, body: {} });
      expect(declined.status, JSON.stringify(declined.body)).toBe(200);
      expect((await api('GET', '/drivers/me/offers', { token: a.token })).body.items).toEqual([]);
      await expect.poll(async () => (await booking(created.id)).requestedDrivers, { timeout: 8_000, interval: 300 }).toEqual({ [b.id]: true });
      // Declining again repeats the first answer (docs/architecture.md, "The trip"); nothing changes.
      const again = await api('POST', `/bookings/${created.id}/decline`, { token: a.token, body: {} });
      expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: { declined: true } });
      expect((await booking(created.id)).requestedDrivers).toEqual({ [b.id]: true });
      await api('POST', `/bookings/${created.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
    } finally {
      await saveSettings({ dispatchBatchSize: 3 });
    }
  });

  it('a driver who gives an accepted trip up sends it back to dispatch, without them', async () => {
    const here = ownPlace();
    const quitter = await onlineDriver(north(here, 1));
    const created = await bookNowFor(rider.id, here);
    expect((await api('POST', `/bookings/${created.id}/accept`, { token: quitter.token, body: {} })).status).toBe(200);
    const other = await onlineDriver(north(here, 2));
    // The quitter is still nearest once free again; dispatch must pass them over.
    await api('POST', '/drivers/me/location', { token: quitter.token, body: north(here, 0.5) });
    const released = await api('POST', `/bookings/${created.id}/release`, { token: quitter.token, body: {} });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const back = await booking(created.id);
    expect(back).toMatchObject({ status: 'NEW' });
    expect(back.driver).toBeUndefined();
    expect(await presence(quitter.token)).toMatchObject({ queue: false });
    await expect.poll(async () => (await booking(created.id)).requestedDrivers, { timeout: 8_000, interval: 300 }).toEqual({ [other.id]: true });
    const told = await api('GET', '/me/messages', { token: rider.token });
    expect(told.body.items.find((m: { bookingId?: string }) => m.bookingId === created.id)).toMatchObject({ kind: 'driver_released' });
    await api('POST', `/bookings/${created.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('a rider cancelling after acceptance pays the slab fee from the wallet to the driver', async () => {
    const canceller = await newRider();
    // A car type whose first slab starts at once (the demo's start at 5 minutes), a later one that is not reached yet.
    const carType = await api('POST', '/cartypes', { token: admin, body: { ...sampleCarType(), parcelTypes: [], options: [], cancelSlab: [{ minsDelayed: 0, amount: 2.5 }, { minsDelayed: 30, amount: 9 }] } });
    expect(carType.status, JSON.stringify(carType.body)).toBe(201);
    const { driver, booking: trip } = await acceptedTrip(canceller, { id: carType.body.id, name: carType.body.name });
    expect(trip.cancelSlab).toEqual([{ minsDelayed: 0, amount: 2.5 }, { minsDelayed: 30, amount: 9 }]);
    const fee = 2.5;
    if ((await credit(canceller.id, 2000)) === undefined) return;
    const res = await api('POST', `/bookings/${trip.id}/cancel`, { token: canceller.token, body: { reason: 'Changed my mind' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', cancelledBy: 'rider' });
    expect(res.body.cancellation_fee).toBeCloseTo(fee, 2);
    expect(await presence(driver.token)).toMatchObject({ queue: false });
    expect((await wallet(canceller.token)).balance).toBeCloseTo(20 - fee, 2);
    expect((await wallet(driver.token)).balance).toBeCloseTo(fee, 2);
    const told = await api('GET', '/me/messages', { token: driver.token });
    expect(told.body.items.find((m: { bookingId?: string }) => m.bookingId === trip.id)).toMatchObject({ kind: 'trip_cancelled' });
  });

  it('chat: the rider and the driver write, the sender comes from the role, strangers see nothing', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    const fromRider = await api('POST', `/bookings/${trip.id}/chat`, { token: rider.token, body: { message: 'I am at the gate' } });
    expect(fromRider.status, JSON.stringify(fromRider.body)).toBe(201);
    expect(fromRider.body).toMatchObject({ from: rider.id, source: 'rider', type: 'msg', msgDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const fromDriver = await api('POST', `/bookings/${trip.id}/chat`, { token: driver.token, body: { message: 'On my way' } });
    expect(fromDriver.body).toMatchObject({ from: driver.id, source: 'driver' });
    const list = await api('GET', `/bookings/${trip.id}/chat`, { token: driver.token });
    expect(list.body.items.map((m: { message: string }) => m.message)).toEqual(['I am at the gate', 'On my way']);
    const stranger = await newRider();
    const otherDriver = await newDriver();
    for (const token of [stranger.token, otherDriver.token]) {
      expect((await api('GET', `/bookings/${trip.id}/chat`, { token })).status).toBe(404);
      expect((await api('POST', `/bookings/${trip.id}/chat`, { token, body: { message: 'hi' } })).status).toBe(404);
    }
    expect((await api('POST', `/bookings/${trip.id}/chat`, { token: rider.token, body: { message: '   ' } })).status).toBe(400);
    await api('POST', `/bookings/${trip.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('pickup and delivery photos: presigned upload, checked, shown through short-lived links; only at their steps', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
    const ask = (kind: string, token = driver.token) => api('POST', `/bookings/${trip.id}/photos/${kind}/upload-url`, { token, body: { contentType: 'image/png', size: png.length } });
    expect((await ask('pickup_image')).status).toBe(409);
    expect((await api('POST', `/bookings/${trip.id}/photos/pickup_image`, { token: driver.token, body: {} })).status).toBe(409);
    await api('POST', `/bookings/${trip.id}/arrive`, { token: driver.token, body: {} });
    expect((await ask('pickup_image', (await newDriver()).token)).status).toBe(404);
    expect((await api('POST', `/bookings/${trip.id}/photos/pickup_image`, { token: driver.token, body: {} })).status).toBe(404);
    const ticket = await ask('pickup_image');
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.key).toBe(`bookings/${trip.id}/pickup_image`);
    expect((await postForm(ticket.body, png, 'image/png')).status).toBeLessThan(300);
    const saved = await api('POST', `/bookings/${trip.id}/photos/pickup_image`, { token: driver.token, body: {} });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seen = await api('GET', `/bookings/${trip.id}`, { token: rider.token });
    expect(seen.body.pickup_image).toMatch(/^https?:\/\//);
    const image = await fetch(seen.body.pickup_image);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    // The link is signed for this photo only: edited to another photo it is refused.
    expect((await fetch(seen.body.pickup_image.replace('/pickup_image?', '/deliver_image?'))).status).toBe(403);
    await api('POST', `/bookings/${trip.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('another rider cannot read, cancel, pay, rate, track or chat on a booking; a driver cannot act on a trip not theirs', async () => {
    const { driver, booking: trip } = await acceptedTrip(rider);
    const stranger = await newRider();
    const calls: [string, string, unknown?][] = [
      ['GET', `/bookings/${trip.id}`], ['POST', `/bookings/${trip.id}/cancel`, { reason: 'x' }], ['POST', `/bookings/${trip.id}/pay`, { method: 'wallet' }],
      ['POST', `/bookings/${trip.id}/complete`, { rating: 1 }], ['GET', `/bookings/${trip.id}/tracking`], ['GET', `/bookings/${trip.id}/chat`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: stranger.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const otherDriver = await newDriver();
    for (const step of ['arrive', 'start', 'reach', 'release', 'accept', 'decline']) {
      const res = await api('POST', `/bookings/${trip.id}/${step}`, { token: otherDriver.token, body: {} });
      expect(res.status, step).toBe(404);
    }
    // The rider cannot move the trip along, and the driver cannot skip a step.
    expect((await api('POST', `/bookings/${trip.id}/arrive`, { token: rider.token, body: {} })).status).toBe(403);
    expect((await api('POST', `/bookings/${trip.id}/reach`, { token: driver.token, body: {} })).status).toBe(409);
    expect((await booking(trip.id)).status).toBe('ACCEPTED');
    await api('POST', `/bookings/${trip.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });
});
