import { expect } from 'vitest';
import { onlineDriver, north, ownPlace, point, type TestDriver } from './drivers';
import { api, DEMO, endpoints, idToken } from './endpoints';
import { sampleBooking } from './sample-requests';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

export interface TestRider { id: string; email: string; mobile: string; token: string }

/** A new rider (made by the admin), signed in. */
export async function newRider(): Promise<TestRider> {
  const u = unique();
  const email = `rdr-${u}@example.com`;
  const body = { usertype: 'rider', firstName: 'Test', lastName: `Rider ${u}`, email, mobile: `+1444${String(Date.now()).slice(-6)}${n % 100}`.slice(0, 16), password: 'Rider1234' };
  const res = await api('POST', '/users', { token: await idToken(DEMO.admin), body });
  if (res.status !== 201) throw new Error(`could not add a rider: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, email, mobile: body.mobile, token: await idToken(email, 'Rider1234') };
}

/** Points the server's own adapters at the local cloud's table, where the test can reach it. */
function useLocalTable(): boolean {
  const { tableName, dynamoEndpoint } = endpoints();
  if (!tableName || !dynamoEndpoint) return false;
  Object.assign(process.env, {
    TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  return true;
}

/** An earnings aggregate item as stored (minor units), or undefined where the table is out of reach. */
export async function earningsItem(scope: 'ALL' | `FLEET#${string}`, period: string): Promise<Record<string, number> | undefined> {
  if (!useLocalTable()) return undefined;
  const { table } = await import('../../../lambdas/src/adapters/dynamodb/repository');
  const { keys } = await import('../../../lambdas/src/adapters/dynamodb/keys');
  return ((await table.get(keys.earnings(scope, period as `DAY#${string}`), { consistent: true })) ?? {}) as Record<string, number>;
}

/**
 * Puts money in a wallet through the ledger itself (an admin's credit), as the money work's
 * addToWallet will. Only where the test can reach the table (the local cloud); elsewhere undefined.
 */
export async function credit(uid: string, minor: number): Promise<boolean | undefined> {
  if (!useLocalTable()) return undefined;
  const { walletRepository } = await import('../../../lambdas/src/adapters/dynamodb/wallet-repository');
  return walletRepository.move([{ uid, type: 'Credit', amount: minor, reason: 'AdminCredit', txRef: `test:${unique()}` }], Date.now());
}

/** A Book Now booking an admin makes for `riderId` at `here` (NEW at once), offered to the drivers near it. */
export async function bookNowFor(riderId: string, here: { lat: number; lng: number }, km = 3, overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/bookings', {
    token: await idToken(DEMO.admin),
    body: await sampleBooking({ bookLater: false, tripdate: null, riderId, pickup: point(here, 'Pickup here'), drop: point(north(here, km), 'Drop there'), ...overrides }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; status: string; requestedDrivers: Record<string, true>; otp?: number; trip_cost: number; driver_share: number };
}

/** A booking accepted by a fresh driver: the usual start of a lifecycle test. */
export async function acceptedTrip(rider: TestRider, carType?: { id: string; name: string }) {
  const here = ownPlace();
  const driver = await onlineDriver(north(here, 1), carType?.name);
  const booking = await bookNowFor(rider.id, here, 3, carType ? { carTypeId: carType.id } : {});
  const accepted = await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { here, driver, booking: { ...booking, ...accepted.body } };
}

/** Moves an accepted trip through ARRIVED and STARTED (with the rider's code) to REACHED. */
export async function driveToDrop(driver: TestDriver, booking: { id: string; otp?: number }, pings: { lat: number; lng: number }[] = []) {
  const step = async (path: string, body: unknown = {}) => {
    const res = await api('POST', `/bookings/${booking.id}/${path}`, { token: driver.token, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  await step('arrive');
  await step('start', booking.otp !== undefined ? { otp: String(booking.otp) } : {});
  for (const p of pings) await api('POST', '/drivers/me/location', { token: driver.token, body: p });
  return step('reach');
}

/** The wallet as its owner reads it, every page. */
export async function wallet(token: string): Promise<{ balance: number; items: { type: string; amount: number; txRef: string; reason: string; bookingId?: string }[] }> {
  const items = [];
  let cursor: string | undefined;
  let balance = 0;
  do {
    const res = await api('GET', `/me/wallet?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    balance = res.body.balance;
    items.push(...res.body.items);
    cursor = res.body.next;
  } while (cursor);
  return { balance, items };
}

/** Spec §3: a wallet's balance is the sum of its history (Credit adds; Debit and Withdraw take). */
export const sumOfEntries = (items: { type: string; amount: number }[]) =>
  Math.round(items.reduce((s, e) => s + (e.type === 'Credit' ? e.amount : -e.amount), 0) * 100) / 100;
