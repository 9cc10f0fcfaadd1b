import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { moneyInputs } from '../../shared/src/contract/common';
import type { AnyRoute } from '../../shared/src/contract/route';
import { routes } from '../../shared/src/contract/routes';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleCarType, sampleFeeZone, samplePromo } from './support/sample-requests';
import { readSettings } from './support/settings-helpers';
import { acceptedTrip, credit, driveToDrop, newRider, type TestRider } from './support/trips';

/**
 * Issue #19 item 5: every money field of every route follows one strict decimal rule. The fields
 * are found in the contract (schemas built by `moneyInput`), so a new money field is covered the
 * day it is declared, and this table must say how to call its route and what it answers.
 */

type Path = (string | number)[];

/** Every path to a money input inside a body schema (arrays by their first element, union options alike). */
function moneyPaths(schema: z.ZodMiniType, at: Path = []): Path[] {
  if (moneyInputs.has(schema)) return [at];
  const def = (schema as any)._zod.def;
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': return moneyPaths(def.innerType, at);
    case 'pipe': return moneyPaths(def.in, at);
    case 'array': return moneyPaths(def.element, [...at, 0]);
    case 'union': return (def.options as z.ZodMiniType[]).flatMap((o) => moneyPaths(o, at));
    case 'object': return Object.entries(def.shape as Record<string, z.ZodMiniType>).flatMap(([k, v]) => moneyPaths(v, [...at, k]));
    default: return [];
  }
}

const withMoney = routes.filter((r) => r.body && moneyPaths(r.body).length > 0);

interface Call { method: string; path: string; body: Record<string, unknown> }
interface Case {
  /** The key the route's form has answered for a bad amount (spec §8), kept. */
  key: string;
  caller: 'admin' | 'rider2' | 'driver' | 'tipper';
  /** A valid request (the money field is then replaced). */
  request: () => Promise<Call>;
  /** What a refused request must leave as it was. */
  state: () => Promise<unknown>;
  /** Undo of an accepted request (items made by the valid amounts). */
  undo?: (answer: any) => Promise<void>;
}

const admin = () => idToken(DEMO.admin);
let rider2Id = '';
let carTypeId = '';
let promoId = '';
let areaId = '';
let settingsBefore: Awaited<ReturnType<typeof readSettings>>;

const carTypes = async () => (await api('GET', '/cartypes')).body;
const promos = async () => (await api('GET', '/promos', { token: await admin() })).body;
const areas = async () => (await api('GET', '/service-areas', { token: await admin() })).body;
const versionOf = async (list: () => Promise<{ items: { id: string; version: number }[] }>, id: string) => (await list()).items.find((i) => i.id === id)!.version;
const SAMPLE_BANK = { bankName: 'Money Bank', bankCode: 'MONEY001', bankAccount: '000987654321' };

/**
 * A tip needs its rider's own paid trip, and a booking takes one tip: the tipper (a rider with
 * money) gets a new paid trip only when the last one was tipped (a refused amount writes nothing).
 */
let tipper: TestRider | undefined;
let untipped: string | undefined;
async function theTipper(): Promise<TestRider> {
  if (!tipper) {
    tipper = await newRider();
    expect(await credit(tipper.id, 200_00)).toBe(true);
  }
  return tipper;
}
async function untippedTrip(): Promise<string> {
  if (!untipped) {
    const rider = await theTipper();
    const { driver, booking } = await acceptedTrip(rider);
    await driveToDrop(driver, booking);
    const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('PAID');
    untipped = booking.id as string;
  }
  return untipped;
}

const CASES: Record<string, Case> = {
  addToWallet: {
    key: 'no_details_error', caller: 'admin',
    request: async () => ({ method: 'POST', path: `/wallets/${rider2Id}/credits`, body: { amount: '1.50' } }),
    state: async () => (await api('GET', '/me/wallet', { token: await idToken(DEMO.rider2) })).body,
  },
  checkout: {
    key: 'no_details_error', caller: 'rider2',
    request: async () => ({ method: 'POST', path: '/payments/checkout', body: { kind: 'topup', amount: '5.00', provider: 'paypal' } }),
    // A checkout moves no money until its provider confirms; the wallet is what a bad amount could reach.
    state: async () => (await api('GET', '/me/wallet', { token: await idToken(DEMO.rider2) })).body,
  },
  requestWithdraw: {
    key: 'no_details_error', caller: 'driver',
    request: async () => ({ method: 'POST', path: '/withdraws', body: { amount: '0.01', ...SAMPLE_BANK } }),
    state: async () => {
      const token = await idToken(DEMO.driver);
      return [(await api('GET', '/me/wallet', { token })).body, (await api('GET', '/withdraws?limit=10', { token })).body];
    },
  },
  addCarType: {
    key: 'validation_error', caller: 'admin',
    request: async () => ({ method: 'POST', path: '/cartypes', body: sampleCarType() }),
    state: carTypes,
    undo: async (c) => { await api('DELETE', `/cartypes/${c.id}`, { token: await admin() }); },
  },
  updateCarType: {
    key: 'validation_error', caller: 'admin',
    request: async () => ({ method: 'PUT', path: `/cartypes/${carTypeId}`, body: { version: await versionOf(carTypes, carTypeId), carType: sampleCarType() } }),
    state: carTypes,
  },
  addPromo: {
    key: 'validation_error', caller: 'admin',
    request: async () => ({ method: 'POST', path: '/promos', body: samplePromo() }),
    state: promos,
    undo: async (p) => { await api('DELETE', `/promos/${p.id}`, { token: await admin() }); },
  },
  updatePromo: {
    key: 'validation_error', caller: 'admin',
    request: async () => ({ method: 'PUT', path: `/promos/${promoId}`, body: { version: await versionOf(promos, promoId), promo: samplePromo() } }),
    state: promos,
  },
  addTip: {
    key: 'tip_amount_invalid', caller: 'tipper',
    request: async () => ({ method: 'POST', path: `/bookings/${await untippedTrip()}/tip`, body: { amount: '1.00' } }),
    state: async () => {
      const rider = await theTipper();
      const id = await untippedTrip();
      return [(await api('GET', '/me/wallet', { token: rider.token })).body, (await api('GET', `/bookings/${id}`, { token: rider.token })).body.tip ?? null];
    },
    undo: async () => { untipped = undefined; },
  },
  // A fee zone's fee (on the fuzz-free ice of the matrix's samples, so no other test's fare moves).
  addServiceArea: {
    key: 'service_area_fee_invalid', caller: 'admin',
    request: async () => ({ method: 'POST', path: '/service-areas', body: sampleFeeZone() }),
    state: areas,
    undo: async (a) => { await api('DELETE', `/service-areas/${a.id}`, { token: await admin() }); },
  },
  updateServiceArea: {
    key: 'service_area_fee_invalid', caller: 'admin',
    request: async () => ({ method: 'PUT', path: `/service-areas/${areaId}`, body: { version: await versionOf(areas, areaId), area: sampleFeeZone() } }),
    state: areas,
  },
  editSettings: {
    key: 'proper_bonus', caller: 'admin',
    request: async () => { const { version, settings } = await readSettings(); return { method: 'PUT', path: '/settings', body: { version, settings } }; },
    state: readSettings,
  },
};

function withValue(body: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body) as any;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path[path.length - 1]!] = value;
  return copy;
}

const tokenOf = async (c: Case) => (c.caller === 'tipper' ? (await theTipper()).token : idToken(DEMO[c.caller]));
const BAD: unknown[] = ['1,000', '12abc', '1e2', '1.005', '-1', ' 5', 'Infinity', 1e21, 1e308, ''];
const GOOD: [unknown, number][] = [['12.5', 12.5], ['12.50', 12.5], [12.5, 12.5]];

describe('money inputs: one strict decimal rule on every money field of every route', () => {
  beforeAll(async () => {
    rider2Id = (await api('GET', '/me', { token: await idToken(DEMO.rider2) })).body.id;
    const token = await admin();
    carTypeId = (await api('POST', '/cartypes', { token, body: sampleCarType() })).body.id;
    promoId = (await api('POST', '/promos', { token, body: samplePromo() })).body.id;
    areaId = (await api('POST', '/service-areas', { token, body: sampleFeeZone() })).body.id;
    settingsBefore = await readSettings();
    // The withdrawals of the valid amounts below are covered whatever driver1 had.
    const driverId = (await api('GET', '/me', { token: await idToken(DEMO.driver) })).body.id;
    const credit = await api('POST', `/wallets/${driverId}/credits`, { token, body: { amount: 100 } });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
  });

  afterAll(async () => {
    const token = await admin();
    await api('DELETE', `/cartypes/${carTypeId}`, { token });
    await api('DELETE', `/promos/${promoId}`, { token });
    await api('DELETE', `/service-areas/${areaId}`, { token });
    const { version } = await readSettings();
    await api('PUT', '/settings', { token, body: { version, settings: settingsBefore.settings } });
  });

  it('finds the money fields of every route that takes money, and the table covers each of those routes', () => {
    const found = withMoney.map((r) => r.operationId).sort();
    expect(found).toEqual(Object.keys(CASES).sort());
    const paths = (op: string) => moneyPaths(routes.find((r) => r.operationId === op)!.body!).map((p) => p.join('.'));
    expect(paths('addCarType')).toEqual(expect.arrayContaining(['base_fare', 'rate_per_unit_distance', 'rate_per_hour', 'min_fare', 'convenience_fees', 'parcelTypes.0.amount', 'options.0.amount', 'cancelSlab.0.amount']));
    expect(paths('addPromo')).toEqual(expect.arrayContaining(['promo_discount_value', 'max_promo_discount_value', 'min_order']));
    expect(paths('editSettings')).toEqual(['settings.bonus']);
  });

  for (const r of withMoney as AnyRoute[]) {
    const c = CASES[r.operationId];
    for (const path of moneyPaths(r.body!)) {
      const field = `${r.operationId} ${path.join('.')}`;

      it(`${field}: ${BAD.map((v) => JSON.stringify(v)).join(', ')} → 400 ${c?.key}, nothing written`, async () => {
        expect(c, `no case for ${r.operationId}`).toBeDefined();
        const token = await tokenOf(c!);
        const before = await c!.state();
        for (const value of BAD) {
          const call = await c!.request();
          const res = await api(call.method, call.path, { token, body: withValue(call.body, path, value), headers: { 'Idempotency-Key': crypto.randomUUID() } });
          expect(res.status, `${field} = ${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.error.code, `${field} = ${JSON.stringify(value)}`).toBe(c!.key);
        }
        expect(await c!.state()).toEqual(before);
      });

      it(`${field}: "12.5", "12.50" and 12.5 are accepted as 12.50`, async () => {
        const token = await tokenOf(c!);
        for (const [value] of GOOD) {
          const call = await c!.request();
          const res = await api(call.method, call.path, { token, body: withValue(call.body, path, value), headers: { 'Idempotency-Key': crypto.randomUUID() } });
          expect(res.status, `${field} = ${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
          await c!.undo?.(res.body);
        }
      });
    }
  }
});
