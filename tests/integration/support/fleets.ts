import { expect } from 'vitest';
import { north, ownPlace, putOnline, type TestDriver } from './drivers';
import { api, idToken } from './endpoints';
import { bookNowFor, driveToDrop } from './trips';

export interface TestFleet { id: string; token: string }

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** 11 digits after the +1, unique enough per call (suites run one file at a time against one cloud). */
// Unique within a run: two accounts made in the same millisecond (drivers added side by side) differ by the counter.
let made = 0;
const mobile = (prefix: string) => `+1${prefix}${String(Date.now() * 10 + (made++ % 10)).slice(-8)}`;

/** A fleet admin made by the admin, signed in. */
export async function newFleetAdmin(adminToken: string): Promise<TestFleet> {
  const u = tag();
  const body = { usertype: 'fleetadmin', firstName: 'Fleet', lastName: `Owner ${u}`, email: `fleet-${u}@example.com`, mobile: mobile('555'), password: 'Fleet1234' };
  const res = await api('POST', '/users', { token: adminToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, token: await idToken(body.email, 'Fleet1234') };
}

/** A driver the fleet admin adds (stamped with its fleet), signed in. */
export async function fleetDriver(fleet: { token: string }): Promise<TestDriver> {
  const u = tag();
  const email = `fdrv-${u}@example.com`;
  const res = await api('POST', '/users', {
    token: fleet.token,
    body: { usertype: 'driver', firstName: 'Fleet', lastName: `Driver ${u}`, email, mobile: mobile('556'), password: 'Driver1234', carType: 'Economy', vehicleNumber: `F-${u}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, email, token: await idToken(email, 'Driver1234') };
}

/** A trip of `driver`'s for the rider, paid in cash at the drop: what it adds to the aggregates. */
export async function paidTrip(driver: TestDriver, riderId: string) {
  const here = ownPlace();
  await putOnline(driver, north(here, 1));
  const booking = await bookNowFor(riderId, here, 3);
  const accepted = await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await driveToDrop(driver, { ...booking, ...accepted.body });
  const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
  expect(paid.body.status).toBe('PAID');
  return paid.body as { id: string; trip_cost: number; convenience_fees: number; driver_share: number; customer_paid: number; discount?: number };
}
