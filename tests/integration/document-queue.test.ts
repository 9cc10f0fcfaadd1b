import { beforeAll, describe, expect, it } from 'vitest';
import { zonedPeriods } from '../../shared/src/domain/time-zone';
import type { ProfileItem } from '../../lambdas/src/ports/users';
import type { TestDriver } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { fleetDriver, newFleetAdmin, type TestFleet } from './support/fleets';
import { operatorTimeZone } from './support/settings-helpers';
import { postForm } from './support/uploads';

/**
 * The reviewers' document queues list every driver whose documents wait for review or are
 * expiring, however many drivers there are: a page at a time in the queue's own order, each driver
 * once. (The queue used to filter the newest 200 drivers' profiles, so a driver who signed up
 * before 200 others was never listed.)
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
/** More drivers than the old queue ever looked at. */
const MANY = 201;

let admin: string;
let zone: string;
beforeAll(async () => {
  admin = await idToken(DEMO.admin);
  zone = await operatorTimeZone();
});

const day = (days: number) => zonedPeriods(Date.now() + days * 86_400_000, zone).day;

async function submit(d: TestDriver, type: string, expiresOn = day(200)) {
  const ticket = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/png', size: PNG.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
  const res = await api('PUT', `/me/documents/${type}`, { token: d.token, body: { key: ticket.body.key, expiresOn } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { type: string; version: number }[]).find((i) => i.type === type)!.version;
}

type Entry = { driverId: string; items: { type: string; state: string; expiresOn?: string }[] };

/** Every page of a queue as `token` sees it, `limit` entries a page; the pages too. */
async function wholeQueue(token: string, state: 'pending' | 'expiring', limit?: number) {
  const entries: Entry[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ state, ...(limit ? { limit: String(limit) } : {}), ...(cursor ? { cursor } : {}) });
    const res = await api('GET', `/driver-documents?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    entries.push(...(res.body.items as Entry[]));
    cursor = res.body.next;
    pages += 1;
    expect(pages).toBeLessThan(500);
  } while (cursor);
  return { entries, pages };
}

const local = () => Boolean(endpoints().tableName && endpoints().dynamoEndpoint);

/** `count` drivers of the fleet signed up after everyone so far, written straight into the local table (no sign-in needed). */
async function newerFleetDrivers(fleet: TestFleet, count: number) {
  const { tableName, dynamoEndpoint } = endpoints();
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local', AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT' });
  const { userRepository } = await import('../../lambdas/src/adapters/dynamodb/user-repository');
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  for (let i = 0; i < count; i++) {
    const profile: ProfileItem = {
      id: crypto.randomUUID(), createdAt: new Date().toISOString(), firstName: 'Queue', lastName: `Filler ${tag} ${i}`,
      email: `queue-filler-${tag}-${i}@example.com`, mobile: '', usertype: 'driver', loginType: 'email', referralId: `qf${tag}${i}`,
      approved: true, walletBalance: 0, fleetadmin: fleet.id, carType: 'Economy',
    };
    await userRepository.createWithClaims(profile);
  }
}

describe.runIf(local())('the document queues, however many drivers', () => {
  it(`a driver waiting for review is listed to the fleet admin and to the admin with ${MANY} newer drivers after them`, async () => {
    const fleet = await newFleetAdmin(admin);
    const waiting = await fleetDriver(fleet);
    await submit(waiting, 'insurance');
    const expiring = await fleetDriver(fleet);
    await submit(expiring, 'registration', day(5));
    await newerFleetDrivers(fleet, MANY);

    for (const token of [fleet.token, admin]) {
      const pending = await wholeQueue(token, 'pending');
      expect(pending.entries.map((e) => e.driverId)).toContain(waiting.id);
      const soon = await wholeQueue(token, 'expiring');
      expect(soon.entries.find((e) => e.driverId === expiring.id)?.items).toEqual([
        expect.objectContaining({ type: 'registration', state: 'pending', expiresOn: day(5) }),
      ]);
    }
  }, 120_000);
});

describe('the document queues, a page at a time', () => {
  it('each driver once across pages, oldest submission first; reviewed documents leave, and another fleet sees none of it', async () => {
    const fleet = await newFleetAdmin(admin);
    const first = await fleetDriver(fleet);
    const second = await fleetDriver(fleet);
    // Two documents of the first driver wait: two entries, one listing.
    const licence = await submit(first, 'licence');
    await submit(second, 'registration');
    await submit(first, 'insurance', day(9));

    const byOne = await wholeQueue(fleet.token, 'pending', 1);
    expect(byOne.pages).toBeGreaterThanOrEqual(3);
    expect(byOne.entries.map((e) => e.driverId)).toEqual([first.id, second.id]);
    expect(byOne.entries[0]!.items.map((i) => i.type).sort()).toEqual(['insurance', 'licence']);

    // The insurance expires within the warning window: the expiring queue has it, pending or not.
    expect((await wholeQueue(fleet.token, 'expiring')).entries.map((e) => e.driverId)).toEqual([first.id]);

    // Verified, the licence leaves the pending queue; the first driver is still there for the insurance.
    expect((await api('POST', `/users/${first.id}/documents/licence/review`, { token: fleet.token, body: { decision: 'verified', version: licence } })).status).toBe(200);
    const after = await wholeQueue(fleet.token, 'pending', 1);
    expect(after.entries.map((e) => ({ id: e.driverId, types: e.items.map((i) => i.type) }))).toEqual([
      { id: second.id, types: ['registration'] },
      { id: first.id, types: ['insurance'] },
    ]);

    // Rejected, a document leaves both queues.
    const insurance = (await api('GET', `/users/${first.id}/documents`, { token: fleet.token })).body.items.find((i: { type: string }) => i.type === 'insurance').version;
    expect((await api('POST', `/users/${first.id}/documents/insurance/review`, { token: fleet.token, body: { decision: 'rejected', version: insurance, reason: 'Unreadable' } })).status).toBe(200);
    expect((await wholeQueue(fleet.token, 'pending')).entries.map((e) => e.driverId)).toEqual([second.id]);
    expect((await wholeQueue(fleet.token, 'expiring')).entries).toEqual([]);

    const other = await newFleetAdmin(admin);
    expect((await wholeQueue(other.token, 'pending')).entries).toEqual([]);
  }, 60_000);
});
