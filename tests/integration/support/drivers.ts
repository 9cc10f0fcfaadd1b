import { api, DEMO, idToken } from './endpoints';
import { storablePoint } from '../../../shared/src/domain/distance';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

export interface TestDriver { id: string; email: string; token: string }

/** A new approved driver of `carType` (made by the admin), signed in. */
export async function newDriver(carType = 'Economy'): Promise<TestDriver> {
  const u = unique();
  const email = `drv-${u}@example.com`;
  const body = { usertype: 'driver', firstName: 'Test', lastName: `Driver ${u}`, email, mobile: `+1777${String(Date.now()).slice(-6)}${n % 100}`.slice(0, 16), password: 'Driver1234', carType, vehicleNumber: `T-${u}` };
  const res = await api('POST', '/users', { token: await idToken(DEMO.admin), body });
  if (res.status !== 201) throw new Error(`could not add a driver: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, email, token: await idToken(email, 'Driver1234') };
}

/** The driver pings `at` and is online: findable by dispatch. */
export async function putOnline(d: TestDriver, at: { lat: number; lng: number }): Promise<void> {
  const ping = await api('POST', '/drivers/me/location', { token: d.token, body: at });
  if (ping.status !== 200) throw new Error(`ping: ${ping.status} ${JSON.stringify(ping.body)}`);
  const on = await api('PUT', '/drivers/me/availability', { token: d.token, body: { online: true } });
  if (on.status !== 200 || !on.body.dispatchable) throw new Error(`online: ${on.status} ${JSON.stringify(on.body)}`);
}

export async function onlineDriver(at: { lat: number; lng: number }, carType = 'Economy'): Promise<TestDriver> {
  const d = await newDriver(carType);
  await putOnline(d, at);
  return d;
}

/**
 * A place of the test's own, far from every other test's drivers: a random point in a 900 x 2000 km
 * stretch of the Sahara (test files run in fresh workers, so a counter alone would repeat places).
 */
export function ownPlace(): { lat: number; lng: number } {
  return storablePoint({ lat: 20 + Math.random() * 8, lng: 5 + Math.random() * 20 });
}

/** `km` north of a point. Places are kept at the precision the server stores, so tests can compare them exactly. */
export const north = (p: { lat: number; lng: number }, km: number) => storablePoint({ lat: p.lat + km / 111.32, lng: p.lng });
export const point = (p: { lat: number; lng: number }, add: string) => ({ ...p, add });
