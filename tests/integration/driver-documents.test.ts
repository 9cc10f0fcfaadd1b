import { beforeAll, describe, expect, it } from 'vitest';
import { zonedPeriods } from '../../shared/src/domain/time-zone';
import { newDriver, north, ownPlace, point, putOnline, type TestDriver } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { fleetDriver, newFleetAdmin } from './support/fleets';
import { sampleBooking } from './support/sample-requests';
import { operatorTimeZone, withSettings } from './support/settings-helpers';
import { postForm } from './support/uploads';

/**
 * Issue 22 item 6: driver documents with expiry. A driver submits licence, insurance and
 * registration (an upload and an expiry day); an admin or the driver's own fleet admin verifies or
 * rejects; with documents mandatory, a driver out of order is never offered a booking (the
 * dispatch story says "documents"), cannot go online, and the daily check reminds before expiry
 * and sets drivers with an expired document offline.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const ALL = ['licence', 'insurance', 'registration'] as const;
type Doc = { type: string; state: string; version?: number; expiresOn?: string; url?: string; history: { action: string; byName: string; reason?: string }[]; rejectReason?: string };

let admin: string;
let zone: string;
beforeAll(async () => {
  admin = await idToken(DEMO.admin);
  zone = await operatorTimeZone();
});

/** The operator's day `days` from now: the day the documents rule reads expiry on. */
const day = (days: number) => zonedPeriods(Date.now() + days * 86_400_000, zone).day;

/** An image uploaded through the driver-documents (licence) upload, as the profile page does. */
async function uploaded(): Promise<string> {
  const ticket = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/png', size: PNG.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
  return ticket.body.key as string;
}

async function submit(d: TestDriver, type: string, expiresOn = day(200), key?: string) {
  return api('PUT', `/me/documents/${type}`, { token: d.token, body: { key: key ?? await uploaded(), expiresOn } });
}

const docOf = (body: { items: Doc[] }, type: string) => body.items.find((i) => i.type === type)!;

async function documents(d: { id: string }, token = admin) {
  const res = await api('GET', `/users/${d.id}/documents`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Doc[]; blocking?: { type: string; problem: string }; offlineReason?: { documentType: string; problem: string } };
}

async function review(id: string, type: string, version: number, decision: 'verified' | 'rejected', token = admin, reason?: string) {
  return api('POST', `/users/${id}/documents/${type}/review`, { token, body: { decision, version, ...(reason ? { reason } : {}) } });
}

/** A driver with every document submitted and verified. */
async function verifiedDriver(): Promise<TestDriver> {
  const d = await newDriver();
  for (const type of ALL) {
    const res = await submit(d, type);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await review(d.id, type, docOf(res.body, type).version!, 'verified')).status).toBe(200);
  }
  return d;
}

/** Where the test can reach the table (the local cloud), the server's own adapters, pointed at it. */
async function localTable() {
  const { tableName, dynamoEndpoint } = endpoints();
  if (!tableName || !dynamoEndpoint) return undefined;
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local', AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT' });
  const { table } = await import('../../lambdas/src/adapters/dynamodb/repository');
  const { keys } = await import('../../lambdas/src/adapters/dynamodb/keys');
  return { table, keys };
}

/** Time passes: the document's expiry day moved, as the daily check will find it (written straight into the profile). */
async function setExpiry(uid: string, type: string, expiresOn: string) {
  const t = (await localTable())!;
  await t.table.update(t.keys.userProfile(uid), { expression: 'SET documents.#t.expiresOn = :e', names: { '#t': type }, values: { ':e': expiresOn } });
}

/** The daily documents check, run now (the local cloud runs it on its clock; this asks it not to wait). */
async function runDailyCheck(): Promise<{ drivers: number; reminded: number; setOffline: number }> {
  const res = await fetch(`${endpoints().siteUrl}/local/document-checks`);
  expect(res.status).toBe(200);
  return res.json() as Promise<{ drivers: number; reminded: number; setOffline: number }>;
}

async function messagesOf(d: TestDriver, kind: string) {
  const res = await api('GET', '/me/messages?limit=50', { token: d.token });
  expect(res.status).toBe(200);
  return (res.body.items as { kind: string; title: string; body: string }[]).filter((m) => m.kind === kind);
}

const local = () => Boolean(endpoints().tableName && endpoints().dynamoEndpoint && endpoints().siteUrl);

describe('submitting a document', () => {
  it('a driver submits an upload with its expiry day: pending, with its image and the audit trail; the licence is the profile\'s licence image', async () => {
    const d = await newDriver();
    const key = await uploaded();
    const res = await submit(d, 'licence', day(300), key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(docOf(res.body, 'licence')).toMatchObject({ state: 'pending', expiresOn: day(300), version: 1, history: [{ action: 'submitted' }] });
    expect(docOf(res.body, 'licence').url).toBeTruthy();
    expect(docOf(res.body, 'insurance').state).toBe('missing');
    // Not a second copy: the profile's licence image is the submitted one.
    expect((await api('GET', '/me', { token: d.token })).body.licenseImage).toBe(key);
    expect(docOf(await documents(d), 'licence').state).toBe('pending');
  });

  it('an expiry day today or before, or not a day at all, is 400 with its key and nothing is written', async () => {
    const d = await newDriver();
    const key = await uploaded();
    for (const [expiresOn, code] of [[day(0), 'document_expiry_past'], [day(-3), 'document_expiry_past'], ['2031-02-30', 'document_expiry_invalid'], ['next week', 'document_expiry_invalid'], [day(365 * 30), 'document_expiry_invalid']] as const) {
      const res = await submit(d, 'insurance', expiresOn, key);
      expect(res.status, expiresOn).toBe(400);
      expect(res.body.error?.code, expiresOn).toBe(code);
    }
    const after = await documents(d, d.token);
    expect(after.items.every((i) => i.state === 'missing' && i.history.length === 0)).toBe(true);
    expect((await api('GET', '/me', { token: d.token })).body.licenseImage).toBeUndefined();
    // An upload that is not there is not a document either.
    const none = await submit(d, 'insurance', day(100), `private/licences/1-${crypto.randomUUID()}`);
    expect(none.status).toBe(404);
    expect(none.body.error?.code).toBe('document_upload_missing');
    expect(docOf(await documents(d, d.token), 'insurance').state).toBe('missing');
  });

  it('a resubmission after verification waits for review again, under a new version', async () => {
    const d = await verifiedDriver();
    const again = await submit(d, 'insurance', day(400));
    expect(again.status).toBe(200);
    expect(docOf(again.body, 'insurance')).toMatchObject({ state: 'pending', version: 3, expiresOn: day(400) });
    expect(docOf(again.body, 'insurance').history.map((h) => h.action)).toEqual(['submitted', 'verified', 'submitted']);
    // The verified one still counts until its own expiry: the renewal does not take the driver off the road.
    await withSettings({ mandatoryDocuments: [...ALL] }, async () => {
      expect((await documents(d)).blocking).toBeUndefined();
    });
  });
});

describe('the licence is one document', () => {
  it('a new licence image through the licence route sends a verified licence back to review, as a resubmission', async () => {
    const d = await verifiedDriver();
    const key = await uploaded();
    const res = await api('POST', '/me/licence-image', { token: d.token, body: { key } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.licenseImage).toBe(key);
    const licence = docOf(await documents(d), 'licence');
    expect(licence).toMatchObject({ state: 'pending', version: 3 });
    expect(licence.history.map((h) => h.action)).toEqual(['submitted', 'verified', 'submitted']);
  });
});

describe('who reviews', () => {
  it('the driver\'s own fleet admin verifies; another fleet\'s admin gets 404 and changes nothing; a driver cannot review', async () => {
    const fleetA = await newFleetAdmin(admin);
    const fleetB = await newFleetAdmin(admin);
    const d = await fleetDriver(fleetA);
    const sent = await submit(d, 'registration');
    const version = docOf(sent.body, 'registration').version!;
    expect((await api('GET', `/users/${d.id}/documents`, { token: fleetB.token })).status).toBe(404);
    const stranger = await review(d.id, 'registration', version, 'verified', fleetB.token);
    expect(stranger.status).toBe(404);
    expect(docOf(await documents(d), 'registration').state).toBe('pending');
    expect((await review(d.id, 'registration', version, 'verified', d.token)).status).toBe(403);
    const own = await review(d.id, 'registration', version, 'verified', fleetA.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(docOf(own.body, 'registration')).toMatchObject({ state: 'verified', history: [{ action: 'submitted' }, { action: 'verified', byName: expect.stringContaining('Fleet') }] });
    expect(await messagesOf(d, 'document_verified')).toHaveLength(1);
  });

  it('a rejection needs a reason (400, nothing written), and the driver reads it', async () => {
    const d = await newDriver();
    const version = docOf((await submit(d, 'insurance')).body, 'insurance').version!;
    const bare = await review(d.id, 'insurance', version, 'rejected');
    expect(bare.status).toBe(400);
    expect(bare.body.error?.code).toBe('document_reject_reason_required');
    expect(docOf(await documents(d), 'insurance').state).toBe('pending');
    const res = await review(d.id, 'insurance', version, 'rejected', admin, 'The photo is blurred');
    expect(res.status).toBe(200);
    expect(docOf(await documents(d, d.token), 'insurance')).toMatchObject({ state: 'rejected', rejectReason: 'The photo is blurred' });
  });

  it('two reviewers at once: exactly one wins, the other hears document_changed, and the trail has one review', async () => {
    const d = await newDriver();
    const version = docOf((await submit(d, 'licence')).body, 'licence').version!;
    const fleetAdmin = await idToken(DEMO.admin);
    const [a, b] = await Promise.all([
      review(d.id, 'licence', version, 'verified', admin),
      review(d.id, 'licence', version, 'rejected', fleetAdmin, 'Expired photo'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error?.code).toBe('document_changed');
    const after = docOf(await documents(d), 'licence');
    expect(after.history.map((h) => h.action).filter((x) => x !== 'submitted')).toHaveLength(1);
    // A review of a version the reviewer did not see (stale) is refused as well.
    expect((await review(d.id, 'licence', version, 'verified')).status).toBe(409);
  });
});

describe('with documents mandatory', () => {
  it('dispatch never offers a driver out of order, and the dispatch story says "documents"', async () => {
    const here = ownPlace();
    const unverified = await newDriver();
    await putOnline(unverified, north(here, 0.5));
    const verified = await verifiedDriver();
    await putOnline(verified, north(here, 1));
    await withSettings({ mandatoryDocuments: [...ALL], dispatchBatchSize: 3, autoDispatch: true }, async () => {
      const made = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 3), 'There') }) });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.requestedDrivers).toEqual({ [verified.id]: true });
      const story = await api('GET', `/bookings/${made.body.id}/dispatch`, { token: admin });
      expect(story.status).toBe(200);
      const entries = (story.body.rounds[0].entries as { driver: string; reason: string }[]);
      expect(entries.find((e) => e.driver === unverified.id)?.reason).toBe('documents');
      expect(entries.find((e) => e.driver === verified.id)?.reason).toBe('offered');
      expect((await api('POST', `/bookings/${made.body.id}/cancel`, { token: admin, body: { reason: 0 } })).status).toBeLessThan(500);
    });
  });

  it('going online with a document gap is 409 naming the document; verified documents let the driver on', async () => {
    const d = await newDriver();
    await withSettings({ mandatoryDocuments: ['insurance'] }, async () => {
      const refused = await api('PUT', '/drivers/me/availability', { token: d.token, body: { online: true } });
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('document_blocks_online_insurance');
      const version = docOf((await submit(d, 'insurance')).body, 'insurance').version!;
      expect((await api('PUT', '/drivers/me/availability', { token: d.token, body: { online: true } })).body.error?.code).toBe('document_blocks_online_insurance');
      expect((await review(d.id, 'insurance', version, 'verified')).status).toBe(200);
      expect((await api('PUT', '/drivers/me/availability', { token: d.token, body: { online: true } })).status).toBe(200);
    });
  });

  it('a rejected mandatory document sets an online driver offline with the reason, in the same write', async () => {
    const d = await verifiedDriver();
    await putOnline(d, ownPlace());
    await withSettings({ mandatoryDocuments: [...ALL] }, async () => {
      const version = docOf((await submit(d, 'registration')).body, 'registration').version!;
      expect((await review(d.id, 'registration', version, 'rejected', admin, 'Not this vehicle')).status).toBe(200);
      const me = await api('GET', '/drivers/me', { token: d.token });
      expect(me.body).toMatchObject({ online: false, dispatchable: false, offlineReason: { code: 'documents', documentType: 'registration', problem: 'rejected' } });
      expect(await messagesOf(d, 'driver_offline_documents')).toHaveLength(1);
    });
  });
});

describe.runIf(local())('the daily check', () => {
  it('reminds once 14 days before expiry and once 3 days before, however often it runs', async () => {
    const d = await verifiedDriver();
    await setExpiry(d.id, 'insurance', day(14));
    await runDailyCheck();
    await runDailyCheck();
    await expect.poll(async () => (await messagesOf(d, 'document_expiring')).length, { timeout: 10_000 }).toBe(1);
    expect((await messagesOf(d, 'document_expiring'))[0]!.title).toContain('14 days');
    await setExpiry(d.id, 'insurance', day(3));
    await runDailyCheck();
    await runDailyCheck();
    const sent = await messagesOf(d, 'document_expiring');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.title).toContain('3 days');
    // Within the warning window the driver's list says so.
    expect(docOf(await documents(d, d.token), 'insurance')).toMatchObject({ state: 'verified', expiresOn: day(3) });
  });

  it('an online driver whose mandatory document expired is set offline with the reason, and told once', async () => {
    const d = await verifiedDriver();
    await putOnline(d, ownPlace());
    await withSettings({ mandatoryDocuments: [...ALL] }, async () => {
      await setExpiry(d.id, 'licence', day(-1));
      const first = await runDailyCheck();
      expect(first.setOffline).toBeGreaterThanOrEqual(1);
      await runDailyCheck();
      const me = await api('GET', '/drivers/me', { token: d.token });
      expect(me.body).toMatchObject({ online: false, offlineReason: { documentType: 'licence', problem: 'expired' } });
      expect(await messagesOf(d, 'driver_offline_documents')).toHaveLength(1);
      expect((await documents(d, d.token)).blocking).toEqual({ type: 'licence', problem: 'expired' });
      // And cannot go back online until the renewal is verified.
      expect((await api('PUT', '/drivers/me/availability', { token: d.token, body: { online: true } })).body.error?.code).toBe('document_blocks_online_licence');
    });
  });
});
