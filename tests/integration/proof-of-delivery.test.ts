import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../../shared/src/domain/attempt-limits';
import { clearOfWindowEnd } from './support/attempt-windows';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { newDriver, north, onlineDriver, ownPlace } from './support/drivers';
import { withSettings } from './support/settings-helpers';
import { approvalOf, deliver, signedNotice } from './support/payments';
import { sampleBooking } from './support/sample-requests';
import { bookNowFor, driveToDrop, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';
import { point } from './support/drivers';
import { postForm } from './support/uploads';

/**
 * Issue 22 item 7: proof of delivery. With delivery codes on, a parcel's recipient is texted a
 * code; at the drop the driver types it, or records the photo and who took the parcel; a failed
 * delivery carries a reason and a return to the sender priced by the §9 rules. The trip is not
 * settled before one of these.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

interface SmsItem { channel: string; to: string; message: string }
async function smsTo(phone: string): Promise<SmsItem[]> {
  const { items } = await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json() as { items: SmsItem[] };
  return items.filter((i) => i.channel === 'sms' && i.to === phone);
}
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const codesOn = <T>(fn: () => Promise<T>) => withSettings({ delivery_code_secure: true }, fn);

/** A parcel booked (codes as the settings say), accepted by a fresh driver and driven to the drop. */
async function parcelAtDrop(rider: TestRider, phone = `555 ${String(Date.now()).slice(-7)}`) {
  const here = ownPlace();
  const driver = await onlineDriver(north(here, 1));
  const booking = await bookNowFor(rider.id, here, 3, { instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: phone } });
  const accepted = await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await driveToDrop(driver, booking);
  return { driver, booking, phone, e164: `+1${phone.replace(/\D/g, '')}` };
}

const prove = (token: string, id: string, body: unknown) => api('POST', `/bookings/${id}/delivery/proof`, { token, body });
const settle = (token: string, id: string) => api('POST', `/bookings/${id}/settle`, { token, body: { method: 'cash' } });
const seenBy = async (token: string, id: string) => (await api('GET', `/bookings/${id}`, { token })).body;
const riderCode = async (rider: TestRider, id: string) => (await seenBy(rider.token, id)).deliveryCode as string;
const wrongOf = (code: string) => String(((Number(code) - 100000 + 1) % 900000) + 100000);

async function uploadDeliveryPhoto(token: string, id: string) {
  const ticket = await api('POST', `/bookings/${id}/photos/deliver_image/upload-url`, { token, body: { contentType: 'image/png', size: PNG.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
  const saved = await api('POST', `/bookings/${id}/photos/deliver_image`, { token, body: {} });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('proof of delivery: the code', () => {
  it('texts the recipient a 6-digit code the sender sees and the driver never does; the drop is not settled without it', async () => {
    const rider = await newRider();
    await codesOn(async () => {
      const { driver, booking, e164 } = await parcelAtDrop(rider);
      const code = await riderCode(rider, booking.id);
      expect(code).toMatch(/^[1-9]\d{5}$/);
      const sms = await until(() => smsTo(e164), (s) => s.length > 0);
      expect(sms).toHaveLength(1);
      expect(sms[0]!.message).toContain(`Your delivery code is ${code}`);
      // The driver and the admins learn only that a code is needed.
      const asDriver = await seenBy(driver.token, booking.id);
      const asAdmin = await seenBy(await idToken(DEMO.admin), booking.id);
      for (const view of [asDriver, asAdmin]) {
        expect(view.deliveryCodeRequired).toBe(true);
        expect(JSON.stringify(view)).not.toContain(code);
      }
      const early = await settle(driver.token, booking.id);
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('delivery_proof_required');
      const wrong = await prove(driver.token, booking.id, { method: 'code', code: wrongOf(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('delivery_code_mismatch');
      expect((await seenBy(driver.token, booking.id)).deliveryProof).toBeUndefined();
      const right = await prove(driver.token, booking.id, { method: 'code', code });
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      expect(right.body.deliveryProof).toMatchObject({ outcome: 'delivered', method: 'code' });
      expect(JSON.stringify(right.body)).not.toContain(code);
      const paid = await settle(driver.token, booking.id);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.status).toBe('PAID');
      expect((await seenBy(rider.token, booking.id)).deliveryProof).toMatchObject({ outcome: 'delivered', method: 'code' });
    });
  });

  it(`locks the code after ${ATTEMPT_LIMITS.deliveryCode.limit} wrong ones, even the right one; the photo and the name of who took it still deliver`, async () => {
    await clearOfWindowEnd('deliveryCode');
    const rider = await newRider();
    await codesOn(async () => {
      const { driver, booking } = await parcelAtDrop(rider);
      const code = await riderCode(rider, booking.id);
      for (let i = 0; i < ATTEMPT_LIMITS.deliveryCode.limit; i++) {
        expect((await prove(driver.token, booking.id, { method: 'code', code: wrongOf(code) })).status).toBe(400);
      }
      const locked = await prove(driver.token, booking.id, { method: 'code', code });
      expect(locked.status).toBe(429);
      expect(locked.body.error.code).toBe('delivery_code_locked');
      // Recipient absent: the name alone is not proof; the photo first.
      const noPhoto = await prove(driver.token, booking.id, { method: 'left_with', receivedBy: 'Neighbour at no. 12' });
      expect(noPhoto.status).toBe(409);
      expect(noPhoto.body.error.code).toBe('delivery_photo_missing');
      await uploadDeliveryPhoto(driver.token, booking.id);
      const left = await prove(driver.token, booking.id, { method: 'left_with', receivedBy: '  Neighbour at no. 12 ' });
      expect(left.status, JSON.stringify(left.body)).toBe(200);
      const seen = await seenBy(rider.token, booking.id);
      expect(seen.deliveryProof).toMatchObject({ outcome: 'delivered', method: 'left_with', receivedBy: 'Neighbour at no. 12' });
      expect((await fetch(seen.deliver_image)).status).toBe(200);
      // The photo is the proof now: it cannot be replaced.
      const replace = await api('POST', `/bookings/${booking.id}/photos/deliver_image/upload-url`, { token: driver.token, body: { contentType: 'image/png', size: PNG.length } });
      expect(replace.status).toBe(409);
      expect(replace.body.error.code).toBe('delivery_already_recorded');
      expect((await api('POST', `/bookings/${booking.id}/photos/deliver_image`, { token: driver.token, body: {} })).status).toBe(409);
      expect((await settle(driver.token, booking.id)).status).toBe(200);
    });
  });

  it('of simultaneous records one wins; the others answer 409 delivery_already_recorded and nothing is written twice', async () => {
    const rider = await newRider();
    await codesOn(async () => {
      const { driver, booking } = await parcelAtDrop(rider);
      const code = await riderCode(rider, booking.id);
      await uploadDeliveryPhoto(driver.token, booking.id);
      const before = await seenBy(driver.token, booking.id);
      const answers = await Promise.all([
        prove(driver.token, booking.id, { method: 'code', code }),
        prove(driver.token, booking.id, { method: 'code', code }),
        prove(driver.token, booking.id, { method: 'left_with', receivedBy: 'Doorman' }),
        prove(driver.token, booking.id, { method: 'left_with', receivedBy: 'Doorman' }),
      ]);
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        expect(lost.status, JSON.stringify(lost.body)).toBe(409);
        expect(lost.body.error.code).toBe('delivery_already_recorded');
      }
      const after = await seenBy(driver.token, booking.id);
      expect(after.deliveryProof).toEqual(won[0]!.body.deliveryProof);
      // One write: the sender was told once.
      const inbox = await api('GET', '/me/messages?limit=50', { token: rider.token });
      expect(inbox.status).toBe(200);
      expect((inbox.body.items as { kind: string }[]).filter((m) => m.kind === 'parcel_delivered')).toHaveLength(1);
      expect(after.status).toBe(before.status);
    });
  });

  it('is the booking\'s driver\'s, at the drop only: before it 409, a stranger driver 404, and no code asked of a parcel that has none', async () => {
    const rider = await newRider();
    const here = ownPlace();
    await codesOn(async () => {
      const driver = await onlineDriver(north(here, 1));
      const booking = await bookNowFor(rider.id, here, 3);
      expect((await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} })).status).toBe(200);
      const code = await riderCode(rider, booking.id);
      const early = await prove(driver.token, booking.id, { method: 'code', code });
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('delivery_not_at_drop');
      await driveToDrop(driver, booking);
      expect((await prove((await newDriver()).token, booking.id, { method: 'code', code })).status).toBe(404);
      expect((await prove(driver.token, booking.id, { method: 'code', code })).status).toBe(200);
    });
    // Codes off: the parcel has none, asking for one is refused, and the trip settles as before.
    const { driver, booking } = await parcelAtDrop(rider);
    expect((await seenBy(rider.token, booking.id)).deliveryCode).toBeUndefined();
    const none = await prove(driver.token, booking.id, { method: 'code', code: '123456' });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('delivery_code_not_set');
    expect((await settle(driver.token, booking.id)).status).toBe(200);
  });
});

const fail = (token: string, id: string, reason: string) => api('POST', `/bookings/${id}/delivery/failure`, { token, body: { reason } });
const returned = (token: string, id: string) => api('POST', `/bookings/${id}/delivery/return`, { token, body: {} });
const cents = (n: number) => Math.round(n * 100);

/** The §9 estimate of the way back (drop to pickup, no parcel amounts), as the rider's own estimate prices it. */
async function estimateBack(rider: TestRider, b: { carTypeId: string; pickup: unknown; drop: unknown }) {
  const res = await api('POST', '/bookings/estimate', { token: rider.token, body: { carTypeId: b.carTypeId, pickup: b.drop, drop: b.pickup, parcelTypeIndex: null, optionIndex: null } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { estimateFare: number; convenience_fees: number; driver_share: number };
}

describe('proof of delivery: a failed delivery goes back to the sender', () => {
  it('carries its reason and a return leg priced like the way back; the trip settles once the return is done, the return in what the sender pays', async () => {
    const rider = await newRider();
    await codesOn(async () => {
      const { driver, booking } = await parcelAtDrop(rider);
      const atDrop = await seenBy(rider.token, booking.id);
      const back = await estimateBack(rider, atDrop);
      const bad = await fail(driver.token, booking.id, 'lost');
      expect(bad.status).toBe(400);
      const failed = await fail(driver.token, booking.id, 'refused');
      expect(failed.status, JSON.stringify(failed.body)).toBe(200);
      const leg = failed.body.deliveryProof.returnLeg;
      expect(failed.body.deliveryProof).toMatchObject({ outcome: 'failed', reason: 'refused' });
      expect(leg.trip_cost).toBe(back.estimateFare);
      expect(leg.convenience_fees).toBe(back.convenience_fees);
      expect(leg.driver_share).toBe(back.driver_share);
      // Its own line, and in what the sender pays.
      expect(cents(failed.body.trip_cost)).toBe(cents(atDrop.trip_cost) + cents(leg.trip_cost));
      expect(cents(failed.body.driver_share)).toBe(cents(atDrop.driver_share) + cents(leg.driver_share));
      // Recorded once: no delivery now, and no second failure.
      expect((await prove(driver.token, booking.id, { method: 'code', code: await riderCode(rider, booking.id) })).body.error.code).toBe('delivery_already_recorded');
      expect((await fail(driver.token, booking.id, 'damaged')).body.error.code).toBe('delivery_already_recorded');
      const early = await settle(driver.token, booking.id);
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('delivery_proof_required');
      const back2 = await returned(driver.token, booking.id);
      expect(back2.status, JSON.stringify(back2.body)).toBe(200);
      expect(back2.body.deliveryProof.returnedAt).toEqual(expect.any(Number));
      expect((await returned(driver.token, booking.id)).body.error.code).toBe('delivery_already_returned');
      const paid = await settle(driver.token, booking.id);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(cents(paid.body.customer_paid)).toBe(cents(atDrop.trip_cost) + cents(leg.trip_cost));
      // The driver's share of both legs through the ledger, the cash taken against it.
      const w = await wallet(driver.token);
      expect(w.items.find((e) => e.txRef === `booking:${booking.id}:share`)?.amount).toBe(paid.body.driver_share);
      expect(w.items.find((e) => e.txRef === `booking:${booking.id}:cash`)?.amount).toBe(paid.body.customer_paid);
      expect(w.balance).toBe(sumOfEntries(w.items));
      const inbox = (await api('GET', '/me/messages?limit=50', { token: rider.token })).body.items as { kind: string; bookingId?: string }[];
      expect(inbox.filter((m) => m.bookingId === booking.id).map((m) => m.kind)).toEqual(expect.arrayContaining(['parcel_returning', 'parcel_returned']));
    });
  });

  it('tracks the drive back: the driver\'s pings are the trip\'s points again, the sender sees the time to the pickup, and they stop once the return is done', async () => {
    const rider = await newRider();
    const { driver, booking } = await parcelAtDrop(rider);
    const ping = (p: { lat: number; lng: number }) => api('POST', '/drivers/me/location', { token: driver.token, body: p });
    const latest = async () => (await api('GET', `/bookings/${booking.id}/tracking`, { token: rider.token })).body;
    // At the drop the trip's tracking has stopped: a ping is not one of its points.
    const atDrop = await latest();
    const drop = (await seenBy(rider.token, booking.id)).drop as { lat: number; lng: number };
    const pickup = (await seenBy(rider.token, booking.id)).pickup as { lat: number; lng: number };
    expect((await ping({ lat: drop.lat + 0.001, lng: drop.lng })).status).toBe(200);
    expect((await latest()).point.id).toBe(atDrop.point.id);

    expect((await fail(driver.token, booking.id, 'recipient_absent')).status).toBe(200);
    const halfway = { lat: (drop.lat + pickup.lat) / 2, lng: (drop.lng + pickup.lng) / 2 };
    expect((await ping(halfway)).status).toBe(200);
    const onTheWay = await until(latest, (t) => t.point?.id !== atDrop.point.id);
    // Stored to 7 decimals (about a centimetre), as every ping is.
    expect(onTheWay.point).toMatchObject({ status: 'REACHED', lat: expect.closeTo(halfway.lat, 6), lng: expect.closeTo(halfway.lng, 6) });
    expect(onTheWay.etaTo).toBe('pickup');
    expect(onTheWay.etaSeconds).toBeGreaterThan(0);

    expect((await returned(driver.token, booking.id)).status).toBe(200);
    const handedBack = (await latest()).point;
    expect((await ping({ lat: pickup.lat + 0.002, lng: pickup.lng })).status).toBe(200);
    const after = await latest();
    expect(after.point.id).toBe(handedBack.id);
    expect(after.etaTo).toBeUndefined();
  });

  it('a prepaid parcel: the card paid the way out, the return is taken from the sender\'s wallet at settlement (a debt when it holds less)', async () => {
    const rider = await newRider();
    const here = ownPlace();
    const driver = await onlineDriver(north(here, 1));
    const made = await api('POST', '/bookings', {
      token: rider.token,
      body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Pickup here'), drop: point(north(here, 3), 'Drop there'), riderId: undefined }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const checkout = (await api('POST', '/payments/checkout', { token: rider.token, body: { kind: 'booking', bookingId: made.body.id, provider: 'paypal' } })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(checkout)))).body).toMatchObject({ outcome: 'paid' });
    const accepted = await until(() => api('POST', `/bookings/${made.body.id}/accept`, { token: driver.token, body: {} }), (r) => r.status === 200);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await driveToDrop(driver, made.body);
    const prepaid = await seenBy(rider.token, made.body.id);
    const failed = await fail(driver.token, made.body.id, 'recipient_absent');
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    const leg = failed.body.deliveryProof.returnLeg;
    expect((await returned(driver.token, made.body.id)).status).toBe(200);
    const paid = await settle(driver.token, made.body.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', payment_mode: 'card' });
    expect(cents(paid.body.cardPaymentAmount)).toBe(cents(prepaid.customer_paid));
    expect(paid.body.usedWalletMoney).toBe(leg.trip_cost);
    const w = await wallet(rider.token);
    expect(w.items.filter((e) => e.bookingId === made.body.id)).toEqual([expect.objectContaining({ type: 'Debit', reason: 'ReturnLeg', amount: leg.trip_cost, txRef: `booking:${made.body.id}:return` })]);
    expect(w.balance).toBe(sumOfEntries(w.items));
    expect(w.balance).toBeLessThan(0);

    // Owing, the sender books again only once the wallet is topped up; the refusal writes nothing.
    // A Book Later: whether a driver is near right now is beside the point here.
    const again = await sampleBooking({ pickup: point(here, 'Pickup here'), drop: point(north(here, 3), 'Drop there'), riderId: undefined });
    const refused = await api('POST', '/bookings', { token: rider.token, body: again });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'wallet_below_zero', message: expect.stringMatching(/below zero/) });
    expect(((await api('GET', '/bookings?limit=100', { token: rider.token })).body.items as unknown[])).toHaveLength(1);
    const topUp = (await api('POST', '/payments/checkout', { token: rider.token, body: { kind: 'topup', amount: 50, provider: 'paypal' } })).body;
    expect((await deliver('paypal', signedNotice(approvalOf(topUp)))).body).toMatchObject({ outcome: 'paid' });
    expect((await wallet(rider.token)).balance).toBeGreaterThanOrEqual(0);
    const booked = await api('POST', '/bookings', { token: rider.token, body: again });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });

  it('of a simultaneous failure and delivery one wins; the return is the driver\'s alone', async () => {
    const rider = await newRider();
    await codesOn(async () => {
      const { driver, booking } = await parcelAtDrop(rider);
      const code = await riderCode(rider, booking.id);
      const [a, b] = await Promise.all([fail(driver.token, booking.id, 'address_wrong'), prove(driver.token, booking.id, { method: 'code', code })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((a.status === 409 ? a : b).body.error.code).toBe('delivery_already_recorded');
      const seen = await seenBy(rider.token, booking.id);
      expect(seen.deliveryProof).toEqual((a.status === 200 ? a : b).body.deliveryProof);
      if (seen.deliveryProof.outcome === 'failed') {
        expect((await returned((await newDriver()).token, booking.id)).status).toBe(404);
        expect((await returned(rider.token, booking.id)).status).toBe(403);
      } else {
        expect((await returned(driver.token, booking.id)).body.error.code).toBe('delivery_no_return');
      }
    });
  });
});
