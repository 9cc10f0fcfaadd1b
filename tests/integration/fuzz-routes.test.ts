import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { AnyRoute, Role } from '../../shared/src/contract/route';
import { routes, type OperationId } from '../../shared/src/contract/routes';
import { isTranslationKey } from '../../shared/src/i18n/keys';
import { uiStringsEn } from '../../shared/src/i18n/ui-strings';
import { newDriver } from './support/drivers';
import { api, DEMO, idToken, type ApiResult } from './support/endpoints';
import { fleetDriver, newFleetAdmin } from './support/fleets';
import { arbitraryFor, asQueryObject, asQueryString, brokenJson, malformedFrom } from './support/arbitraries';
import { sampleBooking, sampleCarType, sampleFeeZone, sampleNotification, samplePromo } from './support/sample-requests';
import { newRider } from './support/trips';

/**
 * quality.md "Bad input", by property: every route with a body, query or path parameters gets
 * (a) inputs shaped by its own zod schema and (b) malformed ones (wrong types, missing and unknown
 * fields, huge and unicode strings, number edges, broken JSON, deep nesting). Invariants: never a
 * 5xx; every 4xx is `{ error: { code, message } }` with a known translation key; whatever the
 * contract's schema refuses is answered 4xx.
 *
 * FUZZ_RUNS (default 8) inputs of each kind per route; FUZZ_SEED fixes the run (fast-check prints
 * the seed and the failing input when a property fails).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const fcOptions = { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) };

type Caller = 'anonymous' | Role;

/** Who calls a route: the weakest allowed role, as a user made for this file (the admin is the demo admin). */
function callerFor(r: AnyRoute): Caller {
  if (r.auth === 'public') return 'anonymous';
  for (const role of ['rider', 'driver', 'fleetadmin', 'admin'] as const) if (r.auth.includes(role)) return role;
  return 'admin';
}

/**
 * A place only this file uses (West Antarctica's ice sheet: land, so a pickup there is not refused
 * as a point at sea), so its bookings never reach another test's drivers.
 */
const FUZZ_PLACE = fc.record({ lat: fc.double({ min: -80, max: -78, noNaN: true }), lng: fc.double({ min: -120, max: -100, noNaN: true }), add: fc.string({ maxLength: 60 }) });
/**
 * The only polygon a valid-shaped area gets, a fee zone on this file's own ice: a service area
 * drawn anywhere would refuse other tests' bookings, a fee zone elsewhere change their fares.
 * Every area of this polygon is deleted when the file ends (the areas are at most 50).
 */
const FUZZ_ZONE = [{ lat: -79.5, lng: -119 }, { lat: -79.5, lng: -118.9 }, { lat: -79.4, lng: -118.95 }];
const isFuzzZone = (a: { polygon: { lat: number; lng: number }[] }) => a.polygon[0]?.lat === FUZZ_ZONE[0]!.lat && a.polygon[0]?.lng === FUZZ_ZONE[0]!.lng;
/** A version no catalog or settings item reaches: an edit the fuzzer sends is a stale one (409), never a change. */
const STALE_VERSION = 987_654_321;

/**
 * Fields fixed after generation, so valid-shaped inputs cannot change what other tests rely on:
 * the settings, the cancellation reasons, a driver going online at a random place, a Book Now
 * reaching other tests' drivers. The rest of each input is generated.
 */
const PINS: Partial<Record<OperationId, { body?: Record<string, fc.Arbitrary<unknown>>; query?: Record<string, fc.Arbitrary<unknown>> }>> = {
  editSettings: { body: { version: fc.constant(STALE_VERSION) } },
  addCancelReason: { body: { version: fc.constant(STALE_VERSION) } },
  updateCancelReason: { body: { version: fc.constant(STALE_VERSION) } },
  deleteCancelReason: { query: { version: fc.constant(STALE_VERSION) } },
  setDriverAvailability: { body: { online: fc.constant(false) } },
  addServiceArea: { body: { kind: fc.constant('fee'), polygon: fc.constant(FUZZ_ZONE) } },
  updateServiceArea: { body: { version: fc.constant(STALE_VERSION) } },
  addBooking: { body: { pickup: FUZZ_PLACE, drop: FUZZ_PLACE, carTypeId: fc.oneof(fc.constant('economy'), fc.string({ minLength: 1, maxLength: 10 })) } },
};

/** Routes with nothing to fuzz, or whose valid-shaped inputs cannot be made harmless. */
const NOT_FUZZED: Partial<Record<OperationId, string>> = {};

interface Input { params: unknown; query: unknown; body: unknown }

function pinned(op: OperationId, part: 'body' | 'query', arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const pins = PINS[op]?.[part];
  if (!pins) return arb;
  return fc.tuple(arb, fc.record(pins)).map(([v, p]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, ...p } : v));
}

/** Things this file's callers own, made before the properties run. */
const OWN: { booking?: string; order?: string; driver?: string; carType?: string; promo?: string; notification?: string; rider?: string; area?: string } = {};

/**
 * Path ids that name something real and the caller's: half the inputs use one, so the use case
 * runs past its lookup with a fuzzed body (cancelling, editing or deleting only this file's things).
 */
const OWN_IDS: Partial<Record<OperationId, () => Record<string, string | undefined>>> = {
  fetchBooking: () => ({ id: OWN.booking }), cancelBooking: () => ({ id: OWN.booking }), applyPromo: () => ({ id: OWN.booking }),
  payBooking: () => ({ id: OWN.booking }), addTip: () => ({ id: OWN.booking }), reachStop: () => ({ id: OWN.booking }), proveDelivery: () => ({ id: OWN.booking }), failDelivery: () => ({ id: OWN.booking }), returnDelivery: () => ({ id: OWN.booking }), completeBooking: () => ({ id: OWN.booking }), fetchTracking: () => ({ id: OWN.booking }),
  fetchChat: () => ({ id: OWN.booking }), sendChatMessage: () => ({ id: OWN.booking }),
  createTripLink: () => ({ id: OWN.booking }), revokeTripLink: () => ({ id: OWN.booking }), raiseSos: () => ({ id: OWN.booking }),
  fetchAssignableDrivers: () => ({ id: OWN.booking }), assignDriver: () => ({ id: OWN.booking }), fetchDispatchStory: () => ({ id: OWN.booking }),
  fetchPayment: () => ({ orderId: OWN.order }),
  editUser: () => ({ id: OWN.driver }), setUserApproval: () => ({ id: OWN.driver }), deleteUser: () => ({ id: OWN.driver }),
  fetchDriverDocuments: () => ({ id: OWN.driver }), reviewDriverDocument: () => ({ id: OWN.driver }),
  updateCarType: () => ({ id: OWN.carType }), deleteCarType: () => ({ id: OWN.carType }),
  updatePromo: () => ({ id: OWN.promo }), deletePromo: () => ({ id: OWN.promo }),
  updateNotification: () => ({ id: OWN.notification }), deleteNotification: () => ({ id: OWN.notification }),
  addToWallet: () => ({ uid: OWN.rider }),
  updateServiceArea: () => ({ id: OWN.area }), deleteServiceArea: () => ({ id: OWN.area }),
};

function validShaped(r: AnyRoute): fc.Arbitrary<Input> {
  const op = r.operationId as OperationId;
  const part = (s: z.ZodMiniType | undefined, name: 'body' | 'query') => (s ? pinned(op, name, arbitraryFor(s)) : fc.constant(undefined));
  const own = OWN_IDS[op];
  const generated = r.params ? arbitraryFor(r.params) : fc.constant({});
  const params = own ? fc.tuple(generated, fc.boolean()).map(([p, mine]) => (mine ? { ...(p as object), ...own() } : p)) : generated;
  return fc.record({ params, query: part(r.query, 'query'), body: part(r.body, 'body') });
}

/** A malformed variant of one part of a valid-shaped input (path text kept short: URLs have limits of their own). */
function malformed(r: AnyRoute): fc.Arbitrary<Input> {
  const parts = (['params', 'query', 'body'] as const).filter((p) => (p === 'params' ? hasParams(r) : r[p]));
  return validShaped(r).chain((valid) =>
    fc.constantFrom(...parts).chain((p) => malformedFrom(valid[p]).map((bad) => ({ ...valid, [p]: p === 'body' ? bad : shortText(bad) }))));
}

const hasParams = (r: AnyRoute) => r.params instanceof z.ZodMiniObject && Object.keys(r.params.shape).length > 0;
/** Path and query text kept short (URLs have limits of their own, before any handler). */
const shortText = (v: unknown, depth = 0): unknown => {
  if (typeof v === 'string') return v.slice(0, 300);
  if (Array.isArray(v)) return depth > 3 ? [] : v.slice(0, 5).map((x) => shortText(x, depth + 1));
  if (v && typeof v === 'object') return depth > 3 ? {} : Object.fromEntries(Object.entries(v).slice(0, 8).map(([k, x]) => [k.slice(0, 100), shortText(x, depth + 1)]));
  return v;
};

function pathOf(r: AnyRoute, params: unknown): string {
  const p = (params ?? {}) as Record<string, unknown>;
  // Dot segments would be resolved by the URL itself (to another route): send them as text that is not one.
  return r.path.replace(/\{(\w+)\}/g, (_m, k: string) => {
    const v = typeof p[k] === 'object' ? JSON.stringify(p[k]) : String(p[k] ?? '');
    return /^\.{1,2}$/.test(v) ? `${v}x` : encodeURIComponent(v);
  });
}

/** Does the contract accept this input (the same parts the handler validates, as it sees them)? */
function acceptedByContract(r: AnyRoute, input: Input, path: string): boolean {
  const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const actual = path.split('/').filter(Boolean);
  const template = r.path.split('/').filter(Boolean);
  const params = Object.fromEntries(names.map((n) => [n, decodeURIComponent(actual[template.indexOf(`{${n}}`)] ?? '')]));
  if (r.params && !r.params.safeParse(params).success) return false;
  if (r.query && !r.query.safeParse(asQueryObject(input.query)).success) return false;
  if (!r.body) return true;
  const encoding = r.bodyEncoding ?? 'json';
  if (encoding === 'raw') return r.body.safeParse(typeof input.body === 'string' ? input.body : JSON.stringify(input.body ?? '')).success;
  if (encoding === 'form') return r.body.safeParse(Object.fromEntries(new URLSearchParams(formOf(input.body)))).success;
  // What goes over the wire is JSON: undefined fields vanish, -0 becomes 0, and so on.
  const sent = input.body === undefined ? undefined : JSON.parse(JSON.stringify(input.body) ?? 'null');
  return r.body.safeParse(sent).success;
}

function formOf(body: unknown): string {
  if (!body || typeof body !== 'object') return String(body ?? '');
  return new URLSearchParams(Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();
}

function send(r: AnyRoute, input: Input, token: string | undefined): { path: string; call: Promise<ApiResult> } {
  const path = pathOf(r, input.params) + asQueryString(input.query);
  const encoding = r.bodyEncoding ?? 'json';
  const opts: Parameters<typeof api>[2] = { token };
  if (r.body || input.body !== undefined) {
    if (encoding === 'form') Object.assign(opts, { rawBody: formOf(input.body), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    else if (encoding === 'raw') opts.rawBody = typeof input.body === 'string' ? input.body : JSON.stringify(input.body ?? '');
    else if (input.body !== undefined) opts.body = input.body;
  }
  return { path, call: api(r.method, path, opts) };
}

/** A code the language packs translate: a catalogue key (spec §8, technical) or a UI string (both travel in every pack). */
const isKnownKey = (code: string) => isTranslationKey(code) || Object.hasOwn(uiStringsEn, code);

/** The invariants every answer keeps. */
function expectWellFormed(r: AnyRoute, res: ApiResult, what: string) {
  const summary = `${r.operationId} ${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, summary).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body, summary).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    const code = (res.body as { error: { code: string } }).error.code;
    expect(isKnownKey(code), `${summary}: "${code}" is not a translation key`).toBe(true);
  }
}

describe('every route, fuzzed from its schema', () => {
  const tokens: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    const admin = await idToken(DEMO.admin);
    tokens.admin = admin;
    // The fuzz driver drives a car type of its own and is offline before its first ping, so no booking of anyone's ever reaches it.
    const ownType = sampleCarType();
    const carType = await api('POST', '/cartypes', { token: admin, body: ownType });
    expect(carType.status, JSON.stringify(carType.body)).toBe(201);
    const [rider, driver, fleet] = await Promise.all([newRider(), newDriver(ownType.name), newFleetAdmin(admin)]);
    const off = await api('PUT', '/drivers/me/availability', { token: driver.token, body: { online: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    Object.assign(tokens, { rider: rider.token, driver: driver.token, fleetadmin: fleet.token });

    const [place] = fc.sample(FUZZ_PLACE, { numRuns: 1, seed: 7 });
    const booking = await api('POST', '/bookings', { token: rider.token, body: await sampleBooking({ pickup: { ...place, add: 'Fuzz pickup' }, drop: { ...place, lat: place!.lat + 0.05, add: 'Fuzz drop' } }) });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    const order = await api('POST', '/payments/checkout', { token: rider.token, body: { kind: 'topup', amount: '5.00', provider: 'paypal' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const promo = await api('POST', '/promos', { token: admin, body: samplePromo() });
    const notification = await api('POST', '/notifications', { token: admin, body: sampleNotification() });
    const fleetsDriver = await fleetDriver(fleet);
    const area = await api('POST', '/service-areas', { token: admin, body: sampleFeeZone({ polygon: FUZZ_ZONE }) });
    expect(area.status, JSON.stringify(area.body)).toBe(201);
    Object.assign(OWN, {
      booking: booking.body.id, order: order.body.orderId, driver: fleetsDriver.id, carType: carType.body.id,
      promo: promo.body.id, notification: notification.body.id, rider: rider.id, area: area.body.id,
    });
  });
  afterAll(async () => {
    const areas = await api('GET', '/service-areas', { token: tokens.admin });
    for (const a of (areas.body.items ?? []).filter(isFuzzZone)) await api('DELETE', `/service-areas/${a.id}`, { token: tokens.admin });
  });
  const tokenFor = (r: AnyRoute) => { const c = callerFor(r); return c === 'anonymous' ? undefined : tokens[c]; };

  const fuzzed = routes.filter((r) => r.body || r.query || hasParams(r));

  it('fuzzes every route that takes input (or says why not)', () => {
    const withInput = routes.filter((r) => r.body || r.query || hasParams(r)).map((r) => r.operationId);
    expect(withInput.length).toBeGreaterThan(50);
    for (const op of Object.keys(NOT_FUZZED)) expect(withInput, op).toContain(op);
  });

  for (const r of fuzzed) {
    const op = r.operationId as OperationId;
    if (NOT_FUZZED[op]) continue;

    it(`${op}: valid-shaped inputs never answer 5xx, and errors carry a known key`, async () => {
      await fc.assert(fc.asyncProperty(validShaped(r), async (input) => {
        const { path, call } = send(r, input, tokenFor(r));
        const res = await call;
        expectWellFormed(r, res, `${r.method} ${path.slice(0, 200)}`);
      }), fcOptions);
    });

    it(`${op}: malformed inputs are refused with a 4xx`, async () => {
      await fc.assert(fc.asyncProperty(malformed(r), async (input) => {
        const { path, call } = send(r, input, tokenFor(r));
        const res = await call;
        expectWellFormed(r, res, `${r.method} ${path.slice(0, 200)} body ${JSON.stringify(input.body)?.slice(0, 200)}`);
        if (!acceptedByContract(r, input, path)) expect(res.status, `${op}: the contract refuses this input, the route answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      }), fcOptions);
    });
  }

  const jsonBodies = routes.filter((r) => r.body && (r.bodyEncoding ?? 'json') === 'json');
  it('bodies that are not JSON (or JSON no route takes) are refused with a 4xx on every JSON route', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...jsonBodies), brokenJson, async (r, raw) => {
      const sample = fc.sample(validShaped(r), { numRuns: 1, seed: 1 })[0]!;
      const res = await api(r.method, pathOf(r, sample.params), { token: tokenFor(r), rawBody: raw });
      expectWellFormed(r, res, `raw ${JSON.stringify(raw.slice(0, 80))}`);
      expect(res.status, `${r.operationId} took ${JSON.stringify(raw.slice(0, 80))}`).toBeGreaterThanOrEqual(400);
    }), { ...fcOptions, numRuns: RUNS * 5 });
  });

  it('numbers DynamoDB cannot store (denormals like 5e-324) in a stored coordinate are no 5xx', async () => {
    const tiny = { lat: -5e-324, lng: 5e-324, add: 'Nowhere' };
    // Book Later, so no dispatch runs now; the Gulf of Guinea at 0,0 has no test's drivers.
    const booked = await api('POST', '/bookings', { token: tokens.rider, body: { pickup: tiny, drop: { lat: 1e-200, lng: -1e-300, add: 'Nowhere else' }, carTypeId: 'economy', bookLater: true, tripdate: Date.now() + 86_400_000, instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: '555 123 4567' } } });
    expect(booked.status, JSON.stringify(booked.body).slice(0, 300)).toBeLessThan(500);
    const estimate = await api('POST', '/bookings/estimate', { token: tokens.rider, body: { pickup: tiny, drop: tiny, carTypeId: 'economy' } });
    expect(estimate.status, JSON.stringify(estimate.body).slice(0, 300)).toBeLessThan(500);
  });

  it('an oversized body is refused with 413 and the error shape; one just under the limit with a 400', async () => {
    const over = await api('POST', '/geo/autocomplete', { token: tokens.rider, rawBody: JSON.stringify({ searchKeyword: 'x'.repeat(7 * 1024 * 1024) }) });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ error: { code: expect.any(String) } });
    expect(isKnownKey((over.body as any).error.code)).toBe(true);
    const under = await api('POST', '/bookings', { token: tokens.rider, body: { pickup: 'x'.repeat(5 * 1024 * 1024) } });
    expect(under.status, JSON.stringify(under.body).slice(0, 300)).toBe(400);
  });

  it('a JSON body nested thousands deep is a 400, not a crash', async () => {
    const deepField = `{"firstName":${'{"a":'.repeat(3000)}"x"${'}'.repeat(3000)}}`;
    const field = await api('PATCH', '/me', { token: tokens.rider, rawBody: deepField });
    expect(field.status, JSON.stringify(field.body).slice(0, 200)).toBe(400);
    const top = await api('PATCH', '/me', { token: tokens.rider, rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    expect(top.status, JSON.stringify(top.body).slice(0, 200)).toBe(400);
    expect(isKnownKey((top.body as any).error.code)).toBe(true);
  });
});
