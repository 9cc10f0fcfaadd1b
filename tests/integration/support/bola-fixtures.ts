import { expect } from 'vitest';
import { north, ownPlace, putOnline, type TestDriver } from './drivers';
import { api, DEMO, idToken } from './endpoints';
import { fleetDriver, newFleetAdmin, type TestFleet } from './fleets';
import { postForm } from './uploads';
import { dayAfter, sampleBooking, samplePromo } from './sample-requests';
import { bookNowFor, newRider, type TestRider } from './trips';

/**
 * Two of everything, for object-level authorization probes: A owns, B (same role, same rights in
 * general) must not reach A's things. Every user and place is made here, so no other test's
 * driver, booking or balance takes part.
 *
 * - `trip`: a Book Now booking of riderA's, accepted by driverA (of fleetA): ACCEPTED, with a
 *   tracking point, a chat and a driver.
 * - `offered`: a Book Now booking of riderA's, offered to driverA2 (also of fleetA), still NEW.
 * - `pending`: a Book Later booking riderA made, waiting for payment (delivery mode) or NEW.
 * - `order`: a top-up checkout of riderA's.
 */
/** A 1x1 PNG: a document picture (the server checks type and size, not pixels). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

export interface BolaFixtures {
  admin: string;
  riderA: TestRider; riderB: TestRider;
  fleetA: TestFleet; fleetB: TestFleet;
  driverA: TestDriver; driverA2: TestDriver; driverB: TestDriver;
  trip: { id: string };
  offered: { id: string; at: { lat: number; lng: number } };
  pending: { id: string };
  order: { orderId: string };
  promoCode: string;
  adminId: string;
  /** driverA's insurance, submitted and waiting for review: the version a review names. */
  documentVersion: number;
}

export async function makeBolaFixtures(): Promise<BolaFixtures> {
  const admin = await idToken(DEMO.admin);
  const [riderA, riderB, fleetA, fleetB] = await Promise.all([newRider(), newRider(), newFleetAdmin(admin), newFleetAdmin(admin)]);
  const [driverA, driverA2, driverB] = await Promise.all([fleetDriver(fleetA), fleetDriver(fleetA), fleetDriver(fleetB)]);

  // The trip: driverA alone near a place of this file's own.
  const here = ownPlace();
  await putOnline(driverA, north(here, 1));
  const booked = await bookNowFor(riderA.id, here, 3);
  expect(Object.keys(booked.requestedDrivers ?? {})).toEqual([driverA.id]);
  const accepted = await api('POST', `/bookings/${booked.id}/accept`, { token: driverA.token, body: {} });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const chat = await api('POST', `/bookings/${booked.id}/chat`, { token: riderA.token, body: { message: 'For your eyes only' } });
  expect(chat.status, JSON.stringify(chat.body)).toBeLessThan(300);

  // The offer: driverA2 alone near another place.
  const there = ownPlace();
  await putOnline(driverA2, north(there, 1));
  const offered = await bookNowFor(riderA.id, there, 3);
  expect(Object.keys(offered.requestedDrivers ?? {})).toEqual([driverA2.id]);

  const pending = await api('POST', '/bookings', { token: riderA.token, body: await sampleBooking() });
  expect(pending.status, JSON.stringify(pending.body)).toBe(201);
  expect(pending.body.customer ?? riderA.id).toBe(riderA.id);

  const order = await api('POST', '/payments/checkout', { token: riderA.token, body: { kind: 'topup', amount: '5.00', provider: 'paypal' } });
  expect(order.status, JSON.stringify(order.body)).toBe(201);

  const promo = await api('POST', '/promos', { token: admin, body: { ...samplePromo(), min_order: 0 } });
  expect(promo.status, JSON.stringify(promo.body)).toBe(201);

  // A document of driverA's waiting for review (uploaded through the driver-documents upload).
  const ticket = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/png', size: PNG.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
  const document = await api('PUT', '/me/documents/insurance', { token: driverA.token, body: { key: ticket.body.key, expiresOn: dayAfter(200) } });
  expect(document.status, JSON.stringify(document.body)).toBe(200);

  const me = await api('GET', '/me', { token: admin });
  return {
    documentVersion: (document.body.items as { type: string; version: number }[]).find((i) => i.type === 'insurance')!.version,
    admin, riderA, riderB, fleetA, fleetB, driverA, driverA2, driverB,
    trip: { id: booked.id }, offered: { id: offered.id, at: there }, pending: { id: pending.body.id }, order: { orderId: order.body.orderId },
    promoCode: promo.body.promo_name, adminId: me.body.id,
  };
}

/** What an owner (or an admin) sees of a booking: the fields a stranger's call could change. */
export async function bookingState(f: BolaFixtures, id: string) {
  const res = await api('GET', `/bookings/${id}`, { token: f.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const b = res.body;
  return {
    status: b.status, driver: b.driver, customer: b.customer, discount: b.discount ?? 0, trip_cost: b.trip_cost, requested: Object.keys(b.requestedDrivers ?? {}).sort(),
    pickup_image: b.pickup_image, deliver_image: b.deliver_image, cancelReason: b.reason ?? b.cancelReason, tip: b.tip, deliveryProof: b.deliveryProof,
  };
}

/** What a user's own profile says (read with the user's own token). */
export async function profileState(token: string) {
  const res = await api('GET', '/me', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const p = res.body;
  return { firstName: p.firstName, lastName: p.lastName, vehicleNumber: p.vehicleNumber, approved: p.approved, carType: p.carType, walletBalance: p.walletBalance };
}
