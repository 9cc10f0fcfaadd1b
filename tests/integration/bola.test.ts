import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { routes, type OperationId } from '../../shared/src/contract/routes';
import { arbitraryFor } from './support/arbitraries';
import { bookingState, makeBolaFixtures, profileState, type BolaFixtures } from './support/bola-fixtures';
import { north, ownPlace, putOnline, type TestDriver } from './support/drivers';
import { api, type ApiResult } from './support/endpoints';
import { fleetDriver } from './support/fleets';
import { sampleBooking } from './support/sample-requests';
import { bookNowFor } from './support/trips';
import { open, record, stillSubscribed, subscribe } from './support/ws';

/**
 * quality.md "Every route that takes an id, called with another user's token: never 2xx", spec §6:
 * riders reach only their own bookings and payments; drivers only bookings offered to them or
 * theirs; fleet admins only their own drivers (and their trips). Each probe calls a route with an
 * id of A's as B (same role, allowed to call the route in general) and as the other non-admin
 * roles, expects 403 or 404, and reads the thing back to show nothing changed. Each probe also
 * shows that the owner (or an admin) does reach it, so a probe that cannot see a leak fails.
 */

type Who = 'riderA' | 'riderB' | 'driverA' | 'driverA2' | 'driverB' | 'fleetA' | 'fleetB' | 'admin';

interface Probe {
  /** The call with A's id. */
  request: (f: BolaFixtures) => { method?: string; path: string; body?: unknown };
  /** Callers who may use the route in general but must not reach this id. */
  strangers: Who[];
  /** Who does reach it (a read, or a write that changes nothing), proving the probe could see a leak. */
  owner?: Who;
  /** The owner's answer when the trip's state, not ownership, refuses (default: any 2xx). */
  ownerStatus?: number;
  /** Read as the owner or an admin before and after: must be equal. */
  state?: (f: BolaFixtures) => Promise<unknown>;
}

const tokenOf = (f: BolaFixtures, who: Who): string => (who === 'admin' ? f.admin : f[who].token);
const trip = (f: BolaFixtures) => bookingState(f, f.trip.id);
/** The offer lapses on its own after a while (dispatch moves on): what must not change is who holds it, and no stranger is offered it. */
const offered = async (f: BolaFixtures) => {
  const b = await bookingState(f, f.offered.id);
  return { driver: b.driver, strangersOffered: b.requested.filter((d: string) => d !== f.driverA2.id) };
};
const pending = (f: BolaFixtures) => bookingState(f, f.pending.id);
const driverA = (f: BolaFixtures) => profileState(f.driverA.token);

const NON_CUSTOMERS: Who[] = ['riderB', 'driverB', 'fleetB'];

/** A body the route's own schema shapes (the refusal must come from the id, whatever the body says). */
function bodyFor(op: string): unknown {
  const r = routes.find((x) => x.operationId === op);
  return r?.body ? fc.sample(arbitraryFor(r.body), { numRuns: 1, seed: 42 })[0] : undefined;
}

/**
 * One probe per route whose path names something a user owns. Keyed by name rather than by the
 * contract's type, so a probe may be written before its route lands; only routes of the contract
 * are probed, and the first test fails for any id route without a probe.
 */
const PROBES: Record<string, Probe> = {
  fetchBooking: { request: (f) => ({ path: `/bookings/${f.trip.id}` }), strangers: NON_CUSTOMERS, owner: 'riderA' },
  // The receipt follows fetchBooking's rule; A's trip is not paid yet, so its rider hears receipt_not_ready.
  fetchReceipt: { request: (f) => ({ path: `/bookings/${f.trip.id}/receipt` }), strangers: NON_CUSTOMERS, owner: 'riderA', ownerStatus: 409 },
  fetchTracking: { request: (f) => ({ path: `/bookings/${f.trip.id}/tracking` }), strangers: NON_CUSTOMERS, owner: 'fleetA' },
  fetchChat: { request: (f) => ({ path: `/bookings/${f.trip.id}/chat` }), strangers: ['riderB', 'driverB', 'driverA2'], owner: 'driverA' },
  sendChatMessage: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/chat`, body: { message: 'Not my trip' } }), strangers: ['riderB', 'driverB', 'driverA2'], state: (f) => chatOf(f) },
  cancelBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.pending.id}/cancel`, body: { reason: 'Not mine to cancel' } }), strangers: ['riderB'], state: pending },
  applyPromo: { request: (f) => ({ method: 'POST', path: `/bookings/${f.pending.id}/promo`, body: { code: f.promoCode } }), strangers: ['riderB'], state: pending },
  payBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/pay`, body: { method: 'wallet' } }), strangers: ['riderB'], state: trip },
  // Only the booking's own rider tips it: another rider hears it does not exist, and no tip lands.
  addTip: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/tip`, body: { amount: '2.00' } }), strangers: ['riderB'], state: trip },
  completeBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/complete`, body: { rating: 1 } }), strangers: ['riderB'], state: trip },
  acceptBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.offered.id}/accept`, body: {} }), strangers: ['driverB', 'driverA'], state: offered },
  declineBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.offered.id}/decline`, body: {} }), strangers: ['driverB', 'driverA'], state: offered },
  releaseBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/release`, body: {} }), strangers: ['driverB', 'driverA2'], state: trip },
  arriveBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/arrive`, body: {} }), strangers: ['driverB', 'driverA2'], state: trip },
  startTrip: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/start`, body: { otp: '00000' } }), strangers: ['driverB', 'driverA2'], state: trip },
  reachBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/reach`, body: {} }), strangers: ['driverB', 'driverA2'], state: trip },
  // Stops: only the booking's own driver marks one reached; another driver hears the trip does not exist, and nothing moves.
  reachStop: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/stops/reach`, body: { index: 0 } }), strangers: ['driverB', 'driverA2'], state: trip },
  // Proof of delivery: only the parcel's own driver records it; another driver hears the trip does not exist, and nothing is recorded.
  proveDelivery: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/delivery/proof`, body: { method: 'left_with', receivedBy: 'Not my parcel' } }), strangers: ['driverB', 'driverA2'], state: trip },
  failDelivery: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/delivery/failure`, body: { reason: 'refused' } }), strangers: ['driverB', 'driverA2'], state: trip },
  returnDelivery: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/delivery/return`, body: {} }), strangers: ['driverB', 'driverA2'], state: trip },
  settleBooking: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/settle`, body: { method: 'cash' } }), strangers: ['driverB', 'driverA2'], state: trip },
  createTripPhotoUploadUrl: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/photos/pickup_image/upload-url`, body: { contentType: 'image/jpeg', size: 1000 } }), strangers: ['driverB', 'driverA2'], owner: 'driverA', ownerStatus: 409 },
  setTripPhoto: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/photos/pickup_image`, body: {} }), strangers: ['driverB', 'driverA2'], state: trip },
  createTripPhotoUploadParts: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/photos/pickup_image/upload-parts`, body: bodyFor('createTripPhotoUploadParts') }), strangers: ['driverB', 'driverA2'], state: trip },
  completeTripPhotoUpload: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/photos/pickup_image/upload-complete`, body: bodyFor('completeTripPhotoUpload') }), strangers: ['driverB', 'driverA2'], state: trip },
  abortTripPhotoUpload: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/photos/pickup_image/upload-abort`, body: bodyFor('abortTripPhotoUpload') }), strangers: ['driverB', 'driverA2'], state: trip },
  fetchPayment: { request: (f) => ({ path: `/payments/${f.order.orderId}` }), strangers: ['riderB', 'driverB'], owner: 'riderA' },
  // Follow my trip: only the booking's rider shares it or takes the link back; A's own link still shows the trip after B's tries.
  createTripLink: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/trip-link`, body: {} }), strangers: ['riderB'], state: (f) => sharedLinkState(f) },
  revokeTripLink: { request: (f) => ({ method: 'DELETE', path: `/bookings/${f.trip.id}/trip-link` }), strangers: ['riderB'], state: (f) => sharedLinkState(f) },
  // SOS: only the trip's own rider and driver raise it; a stranger's press flags nothing and alerts nobody.
  raiseSos: { request: (f) => ({ method: 'POST', path: `/bookings/${f.trip.id}/sos`, body: {} }), strangers: ['riderB', 'driverB', 'driverA2'], state: (f) => sosState(f) },
  // An alert raised on A's trip (driven by fleetA's driver): another fleet's admin hears it does not exist, and it stays open.
  acknowledgeSosAlert: { request: () => ({ method: 'POST', path: `/sos-alerts/${raisedAlert}/acknowledge`, body: { note: 'Not my driver' } }), strangers: ['fleetB'], state: (f) => alertState(f) },
  closeSosAlert: { request: () => ({ method: 'POST', path: `/sos-alerts/${raisedAlert}/close`, body: { note: 'Not my driver' } }), strangers: ['fleetB'], state: (f) => alertState(f) },
  // Spec §6: a fleet admin reaches only drivers whose fleetadmin is its uid.
  editUser: { request: (f) => ({ method: 'PATCH', path: `/users/${f.driverA.id}`, body: { vehicleNumber: 'STOLEN-1', firstName: 'Stolen' } }), strangers: ['fleetB'], state: driverA },
  setUserApproval: { request: (f) => ({ method: 'POST', path: `/users/${f.driverA.id}/approval`, body: { approved: false } }), strangers: ['fleetB'], state: driverA },
  deleteUser: { request: (f) => ({ method: 'DELETE', path: `/users/${f.driverA.id}` }), strangers: ['fleetB'], state: driverA },
  // A driver's licence: the driver, their fleet admin and admins; never another fleet or another driver.
  fetchLicenceImage: { request: (f) => ({ path: `/users/${f.driverA.id}/licence-image` }), strangers: ['fleetB', 'driverB', 'driverA2'], owner: 'fleetA' },
  // Driver documents: the driver, their fleet admin and admins read them; only those admins review; another fleet's admin hears they do not exist.
  fetchDriverDocuments: { request: (f) => ({ path: `/users/${f.driverA.id}/documents` }), strangers: ['fleetB', 'driverB', 'driverA2'], owner: 'fleetA' },
  reviewDriverDocument: { request: (f) => ({ method: 'POST', path: `/users/${f.driverA.id}/documents/insurance/review`, body: { decision: 'rejected', version: f.documentVersion, reason: 'Not yours to judge' } }), strangers: ['fleetB'], state: (f) => documentsState(f) },
};

/**
 * Routes with an id any caller of the route may use, and why.
 */
const OPEN: Partial<Record<OperationId, string>> = {
  confirmPayment: '{provider} names a payment company, not something a user owns; the body is verified by its signature',
  testGatewayPay: '{provider} names a payment company; the test gateway takes any posted form, as a real company would',
  fetchGatewayPayment: 'the test gateway plays another company: its payment id, random and unguessable, is the capability its own page holds',
  fetchSharedTrip: '{token} is the capability itself: 256 random bits the rider chose to hand out, only its hash stored; an unknown, revoked or ended one answers the same 404 (trip-link.test.ts)',
  decideGatewayPayment: 'as fetchGatewayPayment: the payer\'s window holds the id; the platform trusts only the signed confirmation that follows',
  submitDriverDocument: '{type} names a kind of document (licence, insurance, registration), not something of a user\'s: the path is /me, so the caller submits only their own',
};

/** Admin-only routes: every other role is refused 403 by the authorization matrix, and admins reach every id (spec §6). */
const adminOnly = (op: OperationId) => {
  const r = routes.find((x) => x.operationId === op)!;
  return r.auth !== 'public' && r.auth.length === 1 && r.auth[0] === 'admin';
};

/** Rider A's share link of the trip (made once) and what it shows: a stranger's create or revoke must change neither. */
let sharedLink: string | undefined;
async function sharedLinkState(f: BolaFixtures) {
  if (!sharedLink) {
    const made = await api('POST', `/bookings/${f.trip.id}/trip-link`, { token: f.riderA.token, body: {} });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    sharedLink = made.body.token as string;
  }
  const res = await api('GET', `/shared-trips/${sharedLink}`);
  return { status: res.status, driver: res.body.driverFirstName, tripStatus: res.body.status };
}

/** driverA's documents as an admin sees them. */
async function documentsState(f: BolaFixtures) {
  const res = await api('GET', `/users/${f.driverA.id}/documents`, { token: f.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The stored documents, without each read's presigned link (it is signed to the second).
  return (res.body.items as { url?: string }[]).map(({ url: _url, ...doc }) => doc);
}

/** An SOS alert on A's trip (raised once, by its rider) and how an admin sees it: a stranger's step must not move it. */
let raisedAlert: string | undefined;
async function alertState(f: BolaFixtures) {
  if (!raisedAlert) {
    const raised = await api('POST', `/bookings/${f.trip.id}/sos`, { token: f.riderA.token, body: {} });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    raisedAlert = raised.body.id as string;
  }
  const all = await api('GET', '/sos-alerts?state=all', { token: f.admin });
  const alert = (all.body.items as { id: string; status: string; audit: unknown[] }[]).find((a) => a.id === raisedAlert);
  // The trip's own fleet admin sees it: the probe could see a leak.
  const own = await api('GET', '/sos-alerts', { token: f.fleetA.token });
  return { status: alert?.status, steps: alert?.audit.length, seenByOwnFleet: (own.body.items as { id: string }[]).some((a) => a.id === raisedAlert) };
}

/** The trip's SOS flag and the alerts raised on it, as an admin sees them. */
async function sosState(f: BolaFixtures) {
  const booking = await api('GET', `/bookings/${f.trip.id}`, { token: f.admin });
  const alerts = await api('GET', '/sos-alerts?state=all', { token: f.admin });
  return { flag: booking.body.sosAlert ?? null, alerts: (alerts.body.items as { bookingId: string }[]).filter((a) => a.bookingId === f.trip.id).length };
}

async function chatOf(f: BolaFixtures) {
  const res = await api('GET', `/bookings/${f.trip.id}/chat`, { token: f.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((m: { message?: string; text?: string }) => m.message ?? m.text);
}

function call(f: BolaFixtures, p: Probe, who: Who): Promise<ApiResult<any>> {
  const r = p.request(f);
  return api(r.method ?? 'GET', r.path, { token: tokenOf(f, who), body: r.body });
}

describe('object-level authorization: another user\'s ids (spec §6)', () => {
  const idRoutes = routes.filter((r) => /\{\w+\}/.test(r.path));

  it('every route that takes an id has a probe, is open for a stated reason, or is for admins only', () => {
    const missing = idRoutes.map((r) => r.operationId as OperationId).filter((op) => !PROBES[op] && !OPEN[op] && !adminOnly(op));
    expect(missing).toEqual([]);
    for (const op of Object.keys(PROBES)) {
      const r = routes.find((x) => x.operationId === op);
      if (r) expect(r.path, `${op} is probed but takes no id`).toMatch(/\{\w+\}/);
    }
  });

  let f: BolaFixtures;
  beforeAll(async () => { f = await makeBolaFixtures(); });

  for (const [op, probe] of Object.entries(PROBES)) {
    const route = routes.find((r) => r.operationId === op);
    if (!route) continue;
    it(`${op}: ${probe.strangers.join(', ')} cannot reach A's id (403/404), and nothing changes`, async () => {
      // Every stranger is someone the route lets in: the refusal is about the id, not the role.
      for (const who of probe.strangers) expect(route.auth, who).toContain(roleOf(who));
      const before = probe.state ? await probe.state(f) : undefined;
      for (const who of probe.strangers) {
        const res = await call(f, probe, who);
        expect([403, 404], `${op} as ${who}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        // A generic refusal, or the route's own "no such thing" (the same answer as for an id that never existed).
        expect(res.body.error?.code, JSON.stringify(res.body)).toMatch(/^(not_found|not_your_trip|forbidden|\w+_not_found)$/);
      }
      if (probe.state) expect(await probe.state(f)).toEqual(before);
      if (probe.owner) {
        const mine = await call(f, probe, probe.owner);
        if (probe.ownerStatus) expect(mine.status, `${op} as the owner ${probe.owner}: ${JSON.stringify(mine.body)}`).toBe(probe.ownerStatus);
        else expect(mine.status, `${op} as the owner ${probe.owner}: ${JSON.stringify(mine.body)}`).toBeLessThan(300);
      }
    });
  }

  // The writes above were refused; the owners' own calls show the same routes would have worked.
  it('the owners can do what the strangers could not', async () => {
    const edited = await api('PATCH', `/users/${f.driverA.id}`, { token: f.fleetA.token, body: { vehicleNumber: 'OWN-1' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await profileState(f.driverA.token)).vehicleNumber).toBe('OWN-1');
    const arrived = await api('POST', `/bookings/${f.trip.id}/arrive`, { token: f.driverA.token, body: {} });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    const said = await api('POST', `/bookings/${f.trip.id}/chat`, { token: f.driverA.token, body: { message: 'On my way' } });
    expect(said.status, JSON.stringify(said.body)).toBeLessThan(300);
    // A fresh offer to driverA2 (the first may have lapsed by now): its holder may decline it.
    const offer = await bookNowFor(f.riderA.id, f.offered.at, 3);
    expect(Object.keys(offer.requestedDrivers ?? {})).toEqual([f.driverA2.id]);
    const declined = await api('POST', `/bookings/${offer.id}/decline`, { token: f.driverA2.token, body: {} });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const cancelled = await api('POST', `/bookings/${f.pending.id}/cancel`, { token: f.riderA.token, body: { reason: 'Changed my mind' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  });

  it('ids in a body are the caller\'s too: a checkout of another rider\'s booking is 404; a rider booking "for" another rider books for themself', async () => {
    const before = await bookingState(f, f.trip.id);
    const pay = await api('POST', '/payments/checkout', { token: f.riderB.token, body: { kind: 'booking', bookingId: f.trip.id, provider: 'paypal' } });
    expect([403, 404], JSON.stringify(pay.body)).toContain(pay.status);
    expect(await bookingState(f, f.trip.id)).toEqual(before);
    const booked = await api('POST', '/bookings', { token: f.riderB.token, body: await sampleBooking({ riderId: f.riderA.id }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const mine = await api('GET', `/bookings/${booked.body.id}`, { token: f.riderB.token });
    expect(mine.status).toBe(200);
    expect((await api('GET', `/bookings/${booked.body.id}`, { token: f.riderA.token })).status).toBe(404);
    await api('POST', `/bookings/${booked.body.id}/cancel`, { token: f.riderB.token, body: { reason: 'Test over' } });
  });

  it('lists are the caller\'s own: B\'s booking history holds none of A\'s bookings', async () => {
    for (const who of ['riderB', 'driverB', 'fleetB'] as const) {
      const res = await api('GET', '/bookings?limit=100', { token: f[who].token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = res.body.items.map((b: { id: string }) => b.id);
      expect(ids, who).not.toContain(f.trip.id);
      expect(ids, who).not.toContain(f.pending.id);
    }
    const own = await api('GET', '/bookings?limit=100', { token: f.fleetA.token });
    expect(own.body.items.map((b: { id: string }) => b.id)).toContain(f.trip.id);
    const drivers = await api('GET', '/users?usertype=driver&limit=100', { token: f.fleetB.token });
    expect(drivers.status).toBe(200);
    expect(drivers.body.items.map((u: { id: string }) => u.id)).toEqual([f.driverB.id]);
    // The live map: driverA2 is online (and pinged), so fleetA sees it and fleetB must not.
    const mapA = await api('GET', '/dashboard/drivers', { token: f.fleetA.token });
    expect(mapA.body.items.map((d: { uid: string }) => d.uid)).toContain(f.driverA2.id);
    const mapB = await api('GET', '/dashboard/drivers', { token: f.fleetB.token });
    expect(mapB.status).toBe(200);
    const seenByB = mapB.body.items.map((d: { uid: string }) => d.uid);
    expect(seenByB).not.toContain(f.driverA.id);
    expect(seenByB).not.toContain(f.driverA2.id);
  });

  describe('WebSocket topics follow the same rules', () => {
    const sockets: WebSocket[] = [];
    afterAll(() => { for (const s of sockets) s.close(); });
    const socket = async (who: Who) => { const s = await open(tokenOf(f, who)); sockets.push(s); return s; };

    it('B cannot follow A\'s booking, tracking, chat, lists, offers, messages, profile or fleet', async () => {
      const cases: [Who, string][] = [
        ['riderB', `booking/${f.trip.id}`], ['riderB', `tracking/${f.trip.id}`], ['riderB', `chat/${f.trip.id}`],
        ['riderB', `bookings/customer/${f.riderA.id}`], ['riderB', `user/${f.riderA.id}`], ['riderB', `messages/${f.riderA.id}`],
        ['driverB', `booking/${f.trip.id}`], ['driverB', `chat/${f.trip.id}`], ['driverB', `offers/${f.driverA2.id}`],
        ['driverB', `bookings/driver/${f.driverA.id}`], ['driverB', `withdraws/${f.driverA.id}`], ['driverB', `booking/${f.offered.id}`],
        ['fleetB', `drivers/fleet/${f.fleetA.id}`], ['fleetB', `bookings/fleet/${f.fleetA.id}`], ['fleetB', `booking/${f.trip.id}`],
        ['fleetB', 'drivers/all'], ['riderB', 'bookings/all'], ['driverB', 'withdraws'],
        ['fleetB', `sos/fleet/${f.fleetA.id}`], ['fleetB', 'sos'], ['driverA', `sos/fleet/${f.fleetA.id}`],
      ];
      const byWho = new Map<Who, WebSocket>();
      for (const [who, topic] of cases) {
        if (!byWho.has(who)) byWho.set(who, await socket(who));
        expect(await subscribe(byWho.get(who)!, topic), `${who} → ${topic}`).toBe('forbidden');
      }
    });

    it('A can follow the same topics (the probes could see a leak)', async () => {
      const cases: [Who, string][] = [
        ['riderA', `booking/${f.trip.id}`], ['riderA', `tracking/${f.trip.id}`], ['riderA', `chat/${f.trip.id}`], ['riderA', `bookings/customer/${f.riderA.id}`],
        ['driverA', `booking/${f.trip.id}`], ['driverA', `chat/${f.trip.id}`], ['driverA2', `offers/${f.driverA2.id}`],
        ['fleetA', `drivers/fleet/${f.fleetA.id}`], ['fleetA', `bookings/fleet/${f.fleetA.id}`], ['fleetA', `booking/${f.trip.id}`],
        ['fleetA', `sos/fleet/${f.fleetA.id}`],
      ];
      const byWho = new Map<Who, WebSocket>();
      for (const [who, topic] of cases) {
        if (!byWho.has(who)) byWho.set(who, await socket(who));
        expect(await subscribe(byWho.get(who)!, topic), `${who} → ${topic}`).toBe('subscribed');
      }
    });
  });

  /**
   * Issue 19 item 6: a right checked only at subscribe outlives the change that takes it away.
   * Each case follows a booking's topics as a party, changes who the booking names (an accept by
   * another driver, a give-up and a new driver of another fleet, a decline, a cancel), and then
   * proves: the ex-party is told `unsubscribed` (forbidden), hears no event of those topics after
   * the change, holds no subscription, and cannot follow again (as REST answers it 404); while the
   * current parties, the positive controls, do receive the same changes (matched by correlation id).
   */
  describe('WebSocket deliveries after a change of rights', () => {
    const sockets: WebSocket[] = [];
    afterAll(() => { for (const s of sockets) s.close(); });
    type Follower = { ws: WebSocket; log: any[]; uid: string };
    const follow = async (token: string, uid: string, topics: string[]): Promise<Follower> => {
      const ws = await open(token);
      sockets.push(ws);
      const log = record(ws);
      for (const t of topics) expect(await subscribe(ws, t), `${uid} → ${t}`).toBe('subscribed');
      return { ws, log, uid };
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** Long enough for the stream poller (200 ms) to deliver whatever one record causes. */
    const settle = () => sleep(1000);
    let n = 0;
    const cid = (what: string) => `rights-${what}-${Date.now().toString(36)}-${n++}`;
    const as = (token: string, method: string, path: string, body: unknown, correlationId: string) =>
      api(method, path, { token, body, headers: { 'x-correlation-id': correlationId } });
    // Generous: in CI the browser suite shares the two cores, and a record can wait seconds for the stream poller.
    async function until(log: any[], match: (m: any) => boolean, what: string, timeoutMs = 20_000): Promise<any> {
      for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(50)) {
        const found = log.find(match);
        if (found) return found;
      }
      throw new Error(`never received: ${what}`);
    }
    /** The control received the event of the request `correlationId` on `topic`. */
    const received = (who: Follower, topic: string, correlationId: string) =>
      until(who.log, (m) => m.type === 'event' && m.topic === topic && m.correlationId === correlationId, `${who.uid}: ${topic} event ${correlationId}`);
    async function expectDropped(who: Follower, topics: string[], from: number) {
      const leaked = who.log.slice(from).filter((m) => (m.type === 'event' || m.type === 'positions') && topics.includes(m.topic));
      expect(leaked.map((m) => ({ topic: m.topic, data: m.data })), `${who.uid} still received`).toEqual([]);
      for (const topic of topics) {
        // As generous as the controls' waits: a loaded machine can hold a record in the stream for seconds.
        await until(who.log, (m) => who.log.indexOf(m) >= from && m.type === 'unsubscribed' && m.topic === topic && m.reason === 'forbidden', `${who.uid}: unsubscribed ${topic}`);
      }
      for (const topic of topics) {
        expect(await stillSubscribed(who.uid, topic), `${who.uid} still subscribed to ${topic}`).not.toBe(true);
        expect(await subscribe(who.ws, topic), `${who.uid} follows ${topic} again`).toBe('forbidden');
      }
    }
    /** A current party keeps its subscriptions (and so the table check above can see one). */
    async function expectKept(who: Follower, topics: string[]) {
      for (const topic of topics) expect(await stillSubscribed(who.uid, topic), `${who.uid} lost ${topic}`).not.toBe(false);
      expect(who.log.filter((m) => m.type === 'unsubscribed')).toEqual([]);
    }
    const online = async (d: TestDriver, at: { lat: number; lng: number }) => { await putOnline(d, at); return d; };

    it('an offer taken by another driver: the loser receives none of the booking\'s events nor the winner\'s positions', async () => {
      const here = ownPlace();
      const [loserDriver, winnerDriver] = await Promise.all([fleetDriver(f.fleetA), fleetDriver(f.fleetB)]);
      await Promise.all([online(loserDriver, north(here, 1)), online(winnerDriver, north(here, 1.2))]);
      const booking = await bookNowFor(f.riderA.id, here, 3);
      expect(Object.keys(booking.requestedDrivers).sort()).toEqual([loserDriver.id, winnerDriver.id].sort());
      const topics = [`booking/${booking.id}`, `tracking/${booking.id}`];
      const loser = await follow(loserDriver.token, loserDriver.id, topics);
      const winner = await follow(winnerDriver.token, winnerDriver.id, topics);
      const rider = await follow(f.riderA.token, f.riderA.id, topics);
      await settle();
      const from = loser.log.length;

      const accept = cid('accept');
      expect((await as(winnerDriver.token, 'POST', `/bookings/${booking.id}/accept`, {}, accept)).status).toBe(200);
      await received(winner, `booking/${booking.id}`, accept);
      // The winner's positions: a ping on the trip is a tracking point.
      const ping = cid('ping');
      expect((await as(winnerDriver.token, 'POST', '/drivers/me/location', north(here, 0.6), ping)).status).toBe(200);
      await received(rider, `tracking/${booking.id}`, ping);
      await received(winner, `tracking/${booking.id}`, ping);
      const arrive = cid('arrive');
      expect((await as(winnerDriver.token, 'POST', `/bookings/${booking.id}/arrive`, {}, arrive)).status).toBe(200);
      await received(rider, `booking/${booking.id}`, arrive);
      await settle();
      await expectDropped(loser, topics, from);
      await expectKept(winner, topics);
      await expectKept(rider, topics);
      expect((await api('GET', `/bookings/${booking.id}`, { token: loserDriver.token })).status).toBe(404);
    });

    it('a trip given up: its driver hears no more of the chat with the next driver, and its fleet admin no positions of the next fleet\'s driver', async () => {
      const here = ownPlace();
      const first = await online(await fleetDriver(f.fleetA), north(here, 1));
      const booking = await bookNowFor(f.riderA.id, here, 3);
      expect(Object.keys(booking.requestedDrivers)).toEqual([first.id]);
      expect((await api('POST', `/bookings/${booking.id}/accept`, { token: first.token, body: {} })).status).toBe(200);
      const all = [`booking/${booking.id}`, `tracking/${booking.id}`, `chat/${booking.id}`];
      const gaveUp = await follow(first.token, first.id, all);
      const oldFleet = await follow(f.fleetA.token, f.fleetA.id, [`booking/${booking.id}`, `tracking/${booking.id}`]);
      const rider = await follow(f.riderA.token, f.riderA.id, all);
      const next = await online(await fleetDriver(f.fleetB), north(here, 1.1));
      // A barrier, not a pause: the accept above was written before anyone followed, and on a loaded
      // machine its event can still be on its way. A ping written after it reaches all three once
      // everything before it has, so what arrives after `from` was caused after the give-up.
      const mark = cid('mark');
      expect((await as(first.token, 'POST', '/drivers/me/location', north(here, 0.9), mark)).status).toBe(200);
      for (const who of [gaveUp, oldFleet, rider]) await received(who, `tracking/${booking.id}`, mark);
      await settle();
      const [fromDriver, fromFleet] = [gaveUp.log.length, oldFleet.log.length];

      expect((await api('POST', `/bookings/${booking.id}/release`, { token: first.token, body: {} })).status).toBe(200);
      // Dispatch starts again at once and offers the trip to the next driver (never to the one who gave it up).
      for (const end = Date.now() + 30_000; !(await bookingState(f, booking.id)).requested.includes(next.id); await sleep(200)) {
        if (Date.now() > end) throw new Error('the released trip was not offered again');
      }
      expect((await api('POST', `/bookings/${booking.id}/accept`, { token: next.token, body: {} })).status).toBe(200);
      const nextDriver = await follow(next.token, next.id, [`chat/${booking.id}`]);
      const nextFleet = await follow(f.fleetB.token, f.fleetB.id, [`tracking/${booking.id}`]);

      const said = cid('chat');
      expect((await as(f.riderA.token, 'POST', `/bookings/${booking.id}/chat`, { message: 'Gate code 4711' }, said)).status).toBeLessThan(300);
      expect((await received(nextDriver, `chat/${booking.id}`, said)).data).toMatchObject({ message: 'Gate code 4711' });
      await received(rider, `chat/${booking.id}`, said);
      const ping = cid('ping');
      expect((await as(next.token, 'POST', '/drivers/me/location', north(here, 0.5), ping)).status).toBe(200);
      await received(nextFleet, `tracking/${booking.id}`, ping);
      await received(rider, `tracking/${booking.id}`, ping);
      await settle();
      await expectDropped(gaveUp, all, fromDriver);
      await expectDropped(oldFleet, [`booking/${booking.id}`, `tracking/${booking.id}`], fromFleet);
      await expectKept(rider, all);
      await expectKept(nextDriver, [`chat/${booking.id}`]);
      await expectKept(nextFleet, [`tracking/${booking.id}`]);
      for (const [token, path] of [[first.token, 'chat'], [first.token, 'tracking'], [f.fleetA.token, 'tracking']] as const) {
        expect((await api('GET', `/bookings/${booking.id}/${path}`, { token })).status, path).toBe(404);
      }
    });

    it('an offer declined, or withdrawn by the rider\'s cancel: its driver is dropped while the drivers still offered it hear on', async () => {
      const here = ownPlace();
      const [declinerDriver, holderDriver] = await Promise.all([fleetDriver(f.fleetA), fleetDriver(f.fleetA)]);
      await Promise.all([online(declinerDriver, north(here, 1)), online(holderDriver, north(here, 1.2))]);
      const booking = await bookNowFor(f.riderA.id, here, 3);
      expect(Object.keys(booking.requestedDrivers).sort()).toEqual([declinerDriver.id, holderDriver.id].sort());
      const topics = [`booking/${booking.id}`, `tracking/${booking.id}`];
      const decliner = await follow(declinerDriver.token, declinerDriver.id, topics);
      const holder = await follow(holderDriver.token, holderDriver.id, topics);
      const rider = await follow(f.riderA.token, f.riderA.id, [`booking/${booking.id}`]);
      await settle();
      const fromDecliner = decliner.log.length;

      const declined = cid('decline');
      expect((await as(declinerDriver.token, 'POST', `/bookings/${booking.id}/decline`, {}, declined)).status).toBe(200);
      await received(holder, `booking/${booking.id}`, declined);
      await received(rider, `booking/${booking.id}`, declined);
      await settle();
      await expectDropped(decliner, topics, fromDecliner);
      await expectKept(holder, topics);

      const fromHolder = holder.log.length;
      const cancelled = cid('cancel');
      expect((await as(f.riderA.token, 'POST', `/bookings/${booking.id}/cancel`, { reason: 'Changed my mind' }, cancelled)).status).toBe(200);
      await received(rider, `booking/${booking.id}`, cancelled);
      await settle();
      await expectDropped(holder, topics, fromHolder);
      await expectKept(rider, [`booking/${booking.id}`]);
    });
  });
});

function roleOf(who: Who): string {
  if (who.startsWith('rider')) return 'rider';
  if (who.startsWith('driver')) return 'driver';
  if (who.startsWith('fleet')) return 'fleetadmin';
  return 'admin';
}
