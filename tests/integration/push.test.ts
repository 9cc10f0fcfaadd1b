import { describe, expect, it } from 'vitest';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { sampleNotification } from './support/sample-requests';

/**
 * Push notifications end to end (spec §3 Push notification, §5 Broadcast notification, §7
 * send_notification): devices registered by the apps, lifecycle messages pushed once to each of a
 * user's devices, broadcasts read from the device index by type and sent in batches. The local
 * cloud keeps what would be pushed in its outbox (/local/outbox, channel `push`).
 */

interface Pushed { channel: string; to: string; title?: string; body?: string; platform?: string; uid?: string; message: string }

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function outboxPushes(): Promise<Pushed[]> {
  const { items } = await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json() as { items: Pushed[] };
  return items.filter((i) => i.channel === 'push');
}

/** Pushes of one title, once the stream has had time to bring them all (polls until `count` arrived, then a little longer). */
async function pushesTitled(title: string, count: number): Promise<Pushed[]> {
  await expect.poll(async () => (await outboxPushes()).filter((p) => p.title === title).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(count);
  await new Promise((r) => setTimeout(r, 1000));
  return (await outboxPushes()).filter((p) => p.title === title);
}

interface TestUser { id: string; token: string }

/** A new approved rider or driver made by the admin, signed in. */
async function newUser(usertype: 'rider' | 'driver'): Promise<TestUser> {
  const u = unique();
  const email = `push-${usertype}-${u}@example.com`;
  const body = {
    usertype, firstName: 'Push', lastName: `${usertype} ${u}`, email, mobile: `+1333${String(Date.now()).slice(-6)}${n % 100}`.slice(0, 16), password: 'Pushed1234',
    ...(usertype === 'driver' ? { carType: 'Economy' } : {}),
  };
  const res = await api('POST', '/users', { token: await idToken(DEMO.admin), body });
  if (res.status !== 201) throw new Error(`could not add a ${usertype}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, token: await idToken(email, 'Pushed1234') };
}

async function register(user: TestUser, pushToken: string, userPlatform: 'ANDROID' | 'IOS') {
  const res = await api('PUT', '/me/device', { token: user.token, body: { pushToken, userPlatform } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function admin() {
  return idToken(DEMO.admin);
}

async function notificationById(id: string) {
  const list = await api('GET', '/notifications', { token: await admin() });
  return (list.body.items as { id: string }[]).find((i) => i.id === id) as Record<string, any> | undefined;
}

async function sendAndWait(fields: Record<string, unknown>) {
  const added = await api('POST', '/notifications', { token: await admin(), body: sampleNotification(fields) });
  expect(added.status).toBe(201);
  const sent = await api('POST', `/notifications/${added.body.id}/send`, { token: await admin(), body: {} });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  expect(sent.body).toMatchObject({ status: 'sending', sent: 0, failed: 0 });
  await expect.poll(async () => (await notificationById(added.body.id))?.status, { timeout: 30_000, interval: 300 }).toBe('sent');
  return { started: sent.body, done: (await notificationById(added.body.id))!, title: added.body.title as string };
}

describe('push notifications', () => {
  it('refuses a broadcast nobody can receive with no_user_match and writes nothing', async () => {
    // The seed gives drivers only an iOS phone: Android drivers have no device yet.
    const added = await api('POST', '/notifications', { token: await admin(), body: sampleNotification({ usertype: 'driver', devicetype: 'ANDROID' }) });
    const res = await api('POST', `/notifications/${added.body.id}/send`, { token: await admin(), body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('no_user_match');
    expect(await notificationById(added.body.id)).toMatchObject({ status: 'draft', total: 0, sent: 0, version: 1 });
  });

  it('registers a device on the profile, moves a token to its new user, and unregisters it', async () => {
    const [a, b] = await Promise.all([newUser('rider'), newUser('rider')]);
    const token = `move-${unique()}-push-token`;
    expect(await register(a, token, 'ANDROID')).toMatchObject({ pushToken: token, userPlatform: 'ANDROID' });
    expect((await api('GET', '/me', { token: a.token })).body).toMatchObject({ pushToken: token, userPlatform: 'ANDROID' });

    // Another user signs in on the same phone: the token moves, and only its new user is pushed to.
    await register(b, token, 'ANDROID');
    expect((await api('GET', '/me', { token: a.token })).body.pushToken).toBeUndefined();
    expect((await api('GET', '/me', { token: b.token })).body.pushToken).toBe(token);
    const credit = await api('POST', `/wallets/${a.id}/credits`, { token: await admin(), body: { amount: '1.25' } });
    expect(credit.status).toBe(200);
    const creditB = await api('POST', `/wallets/${b.id}/credits`, { token: await admin(), body: { amount: '2.50' } });
    expect(creditB.status).toBe(200);
    await expect.poll(async () => (await outboxPushes()).filter((p) => p.to === token).length, { timeout: 15_000 }).toBe(1);
    expect((await outboxPushes()).find((p) => p.to === token)).toMatchObject({ uid: b.id, platform: 'ANDROID' });

    // The old holder cannot remove it; its holder can, once.
    expect((await api('DELETE', `/me/device?pushToken=${token}`, { token: a.token })).body).toEqual({ removed: false });
    expect((await api('DELETE', '/me/device', { token: b.token })).body).toEqual({ removed: true });
    expect((await api('DELETE', '/me/device', { token: b.token })).body).toEqual({ removed: false });
    expect((await api('GET', '/me', { token: b.token })).body.pushToken).toBeUndefined();
  });

  it('pushes a lifecycle message once to each of the user\'s devices', async () => {
    const user = await newUser('driver');
    const phone = `phone-${unique()}-push-token`;
    const tablet = `tablet-${unique()}-push-token`;
    await register(user, phone, 'ANDROID');
    await register(user, tablet, 'IOS');
    const credit = await api('POST', `/wallets/${user.id}/credits`, { token: await admin(), body: { amount: '3.00' } });
    expect(credit.status).toBe(200);
    await expect.poll(async () => (await outboxPushes()).filter((p) => p.uid === user.id).length, { timeout: 15_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 1000));
    const pushes = (await outboxPushes()).filter((p) => p.uid === user.id);
    expect(pushes.map((p) => `${p.to} ${p.platform}`).sort()).toEqual([`${phone} ANDROID`, `${tablet} IOS`].sort());
    const inbox = await api('GET', '/me/messages', { token: user.token });
    expect(pushes[0]).toMatchObject({ title: inbox.body.items[0].title, body: inbox.body.items[0].body });
  });

  it('pushes once when the stream delivers the same record twice, also at the same time', async () => {
    const { tableName, dynamoEndpoint } = endpoints();
    if (!tableName || !dynamoEndpoint) return; // a bare API: the consumer cannot be invoked from here
    const user = await newUser('rider');
    const token = `dup-${unique()}-push-token`;
    await register(user, token, 'ANDROID');
    Object.assign(process.env, {
      TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, PUSH_DELIVERY: 'outbox', AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT',
    });
    const { handler } = await import('../../lambdas/src/streams/fan-out');
    const title = `Duplicate ${unique()}`;
    const at = Date.now();
    const id = `msg-${unique()}`;
    const record = {
      eventID: `evt-${unique()}`, eventName: 'INSERT' as const,
      dynamodb: {
        SequenceNumber: '1',
        Keys: { pk: { S: `USER#${user.id}` }, sk: { S: `MSG#${String(at).padStart(13, '0')}#${id}` } },
        NewImage: { to: { S: user.id }, id: { S: id }, at: { N: String(at) }, kind: { S: 'wallet_credited' }, title: { S: title }, body: { S: 'Once only' } },
      },
    };
    const event = { Records: [record] } as never;
    const results = await Promise.all([handler(event), handler(event)]);
    // A run that found the other's claim still in flight may report the record for a retry; the retry pushes nothing new.
    await handler(event);
    expect(results.flatMap((r) => r.batchItemFailures).length).toBeLessThanOrEqual(1);
    const pushes = await pushesTitled(title, 1);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ to: token, uid: user.id });
  });

  it('broadcasts to Android riders only, and reports what it sent', async () => {
    const [riderAndroid, riderIos, driverAndroid] = await Promise.all([newUser('rider'), newUser('rider'), newUser('driver')]);
    const ta = `ra-${unique()}-push-token`;
    const tb = `ri-${unique()}-push-token`;
    const tc = `da-${unique()}-push-token`;
    await Promise.all([register(riderAndroid, ta, 'ANDROID'), register(riderIos, tb, 'IOS'), register(driverAndroid, tc, 'ANDROID')]);
    const { started, done, title } = await sendAndWait({ usertype: 'rider', devicetype: 'ANDROID' });
    expect(started.total).toBeGreaterThanOrEqual(2); // the demo rider1's phone and ours
    const pushes = await pushesTitled(title, 2);
    expect(pushes.filter((p) => p.to === ta)).toHaveLength(1);
    expect(pushes.find((p) => p.to === tb || p.to === tc)).toBeUndefined();
    expect(pushes.every((p) => p.platform === 'ANDROID')).toBe(true);
    expect(done).toMatchObject({ status: 'sent', sent: pushes.length, failed: 0, total: started.total });
    expect(done.lastSentAt).toEqual(expect.any(String));
  });

  it('sends a broadcast larger than one batch exactly once per device, with its progress', async () => {
    const rider = await newUser('rider');
    const tokens = Array.from({ length: 130 }, (_, i) => `bulk-${i}-${unique()}-push-token`);
    for (let i = 0; i < tokens.length; i += 10) {
      await Promise.all(tokens.slice(i, i + 10).map((t) => register(rider, t, 'IOS')));
    }
    const { started, done, title } = await sendAndWait({ usertype: 'rider', devicetype: 'IOS' });
    expect(started.total).toBeGreaterThanOrEqual(130);
    expect(done).toMatchObject({ status: 'sent', total: started.total, sent: started.total, failed: 0 });
    const pushes = await pushesTitled(title, started.total);
    const mine = pushes.filter((p) => p.uid === rider.id);
    expect(new Set(mine.map((p) => p.to))).toEqual(new Set(tokens));
    expect(mine).toHaveLength(130);
    expect(pushes).toHaveLength(started.total);
  }, 90_000);

  it('lets an admin push to one device token, and says when the token is unknown', async () => {
    const user = await newUser('rider');
    const token = `direct-${unique()}-push-token`;
    await register(user, token, 'IOS');
    const title = `Direct ${unique()}`;
    const res = await api('POST', '/push-messages', { token: await admin(), body: { token, title, body: 'Just for you' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ sent: true });
    expect(await pushesTitled(title, 1)).toEqual([expect.objectContaining({ to: token, platform: 'IOS', body: 'Just for you', uid: user.id })]);

    const unknown = await api('POST', '/push-messages', { token: await admin(), body: { token: `nobody-${unique()}-token`, title, body: 'Lost' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('push_token_unknown');
  });

  it('forgets the devices of a deleted user, whether an admin deletes them or they delete themselves', async () => {
    const byAdmin = await newUser('rider');
    const bySelf = await newUser('driver');
    const tokens = [`deleted-${unique()}-android`, `deleted-${unique()}-ios`, `deleted-${unique()}-self`];
    await register(byAdmin, tokens[0]!, 'ANDROID');
    await register(byAdmin, tokens[1]!, 'IOS');
    await register(bySelf, tokens[2]!, 'ANDROID');
    expect((await api('DELETE', `/users/${byAdmin.id}`, { token: await admin() })).status).toBe(200);
    expect((await api('DELETE', '/me', { token: bySelf.token })).status).toBe(200);
    for (const token of tokens) {
      const res = await api('POST', '/push-messages', { token: await admin(), body: { token, title: 'Anyone there?', body: 'No one' } });
      expect({ token, status: res.status, code: res.body.error?.code }).toEqual({ token, status: 404, code: 'push_token_unknown' });
    }
  });

  it('keeps notifications in the catalog: add, edit with the version, delete', async () => {
    const token = await admin();
    const added = await api('POST', '/notifications', { token, body: sampleNotification({ devicetype: 'IOS', usertype: 'driver' }) });
    expect(added.body).toMatchObject({ devicetype: 'IOS', usertype: 'driver', status: 'draft', version: 1, total: 0 });
    const stale = await api('PUT', `/notifications/${added.body.id}`, { token, body: { version: 7, notification: sampleNotification() } });
    expect(stale.status).toBe(409);
    const edited = await api('PUT', `/notifications/${added.body.id}`, { token, body: { version: 1, notification: sampleNotification({ title: 'Edited' }) } });
    expect(edited.body).toMatchObject({ title: 'Edited', version: 2, devicetype: 'All' });
    expect((await api('POST', '/notifications', { token, body: { ...sampleNotification(), status: 'sent' } })).status).toBe(400);
    expect((await api('DELETE', `/notifications/${added.body.id}?version=1`, { token })).status).toBe(409);
    expect((await api('DELETE', `/notifications/${added.body.id}?version=2`, { token })).body).toEqual({ deleted: true });
    expect(await notificationById(added.body.id)).toBeUndefined();
  });
});
