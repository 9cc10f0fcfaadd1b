import { describe, expect, it } from 'vitest';
import { outboxPushes, webSubscription, type Pushed } from './support/push-outbox';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { sampleNotification } from './support/sample-requests';
import { acceptedTrip, newRider } from './support/trips';

/**
 * What reaches a phone reaches a browser, and a trip chat line reaches the other party's devices:
 * the rider's line to the driver's devices (the installed console's `WEB` subscription among them),
 * the driver's to the rider's, each device once however often the stream hands the line over.
 * A broadcast to every platform reaches browsers too. The local cloud keeps what would be pushed
 * to a non-loopback subscription in its outbox (/local/outbox, channel `push`).
 */

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function register(token: string, pushToken: string, userPlatform: 'ANDROID' | 'IOS' | 'WEB') {
  const res = await api('PUT', '/me/device', { token, body: { pushToken, userPlatform } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const isChat = (p: Pushed) => /^New message from your /.test(p.title ?? '');

/** The chat pushes to `to` once they stop arriving (a late duplicate would show). */
async function settledPushesTo(to: string, count: number): Promise<Pushed[]> {
  await expect.poll(async () => (await outboxPushes()).filter((p) => p.to === to && isChat(p)).length, { timeout: 20_000, interval: 250 })
    .toBeGreaterThanOrEqual(count);
  await new Promise((r) => setTimeout(r, 1500));
  return (await outboxPushes()).filter((p) => p.to === to && isChat(p));
}

describe('chat and broadcasts reach every device, browsers included', () => {
  it('pushes the rider\'s chat line to each of the driver\'s devices once, and the driver\'s line to the rider\'s', async () => {
    const rider = await newRider();
    const { driver, booking } = await acceptedTrip(rider);
    const browser = webSubscription(`${driver.id}-${unique()}`);
    const phone = `chat-${unique()}-push-token`;
    await register(driver.token, browser, 'WEB');
    await register(rider.token, phone, 'ANDROID');

    const line = `On the corner by the bakery ${unique()}`;
    const sent = await api('POST', `/bookings/${booking.id}/chat`, { token: rider.token, body: { message: line } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const toDriver = await settledPushesTo(browser, 1);
    expect(toDriver).toHaveLength(1);
    expect(toDriver[0]).toMatchObject({ platform: 'WEB', uid: driver.id, title: 'New message from your rider', body: line, bookingId: booking.id });
    // The sender's own devices hear nothing of it (the trip's own pushes, such as the accept's, may still arrive there).
    expect((await outboxPushes()).filter((p) => p.to === phone && isChat(p))).toHaveLength(0);

    const reply = `Two minutes ${unique()}`;
    expect((await api('POST', `/bookings/${booking.id}/chat`, { token: driver.token, body: { message: reply } })).status).toBe(201);
    const toRider = await settledPushesTo(phone, 1);
    expect(toRider).toHaveLength(1);
    expect(toRider[0]).toMatchObject({ platform: 'ANDROID', uid: rider.id, title: 'New message from your driver', body: reply, bookingId: booking.id });
    expect(await settledPushesTo(browser, 1)).toHaveLength(1);
  });

  it('words each push in the language its device registered: the rider\'s Spanish phone and English browser hear the same trip', async () => {
    const rider = await newRider();
    const phone = `es-${unique()}-push-token`;
    const browser = webSubscription(`${rider.id}-${unique()}`);
    const registered = await api('PUT', '/me/device', { token: rider.token, body: { pushToken: phone, userPlatform: 'ANDROID', language: 'es-MX' } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.language).toBe('es-MX');
    await register(rider.token, browser, 'WEB');
    expect((await api('PUT', '/me/device', { token: rider.token, body: { pushToken: `x-${unique()}-push-token`, userPlatform: 'ANDROID', language: 'Spanish please' } })).status).toBe(400);

    const { driver, booking } = await acceptedTrip(rider);
    const tripPushes = async (to: string) => (await outboxPushes()).filter((p) => p.to === to && p.bookingId === booking.id);
    await expect.poll(async () => (await tripPushes(phone)).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await tripPushes(browser)).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(1);
    expect((await tripPushes(phone))[0]).toMatchObject({ title: 'Conductor en camino', body: expect.stringMatching(/ aceptó la reserva .* y va hacia /) });
    expect((await tripPushes(browser))[0]).toMatchObject({ title: 'Driver on the way', body: expect.stringMatching(/ accepted booking .* and is heading to /) });
    // A chat line's sender is worded too; the line itself is the driver's own words.
    expect((await api('POST', `/bookings/${booking.id}/chat`, { token: driver.token, body: { message: 'Llego en dos minutos' } })).status).toBe(201);
    await expect.poll(async () => (await outboxPushes()).filter((p) => p.to === phone && p.title === 'Nuevo mensaje de tu conductor').length, { timeout: 20_000, interval: 250 }).toBe(1);
    // The inbox keeps the English text and the values a reader words again.
    const inbox = (await api('GET', '/me/messages?limit=20', { token: rider.token })).body.items as { kind: string; title: string; values?: Record<string, unknown> }[];
    const accepted = inbox.find((m) => m.kind === 'booking_accepted')!;
    expect(accepted.title).toBe('Driver on the way');
    expect(accepted.values).toMatchObject({ id: booking.id });
  });

  it('pushes a chat line once when the stream delivers its record twice, also at the same time', async () => {
    const { tableName, dynamoEndpoint } = endpoints();
    if (!tableName || !dynamoEndpoint) return; // a bare API: the consumer cannot be invoked from here
    const rider = await newRider();
    const { driver, booking } = await acceptedTrip(rider);
    const browser = webSubscription(`${driver.id}-${unique()}`);
    await register(driver.token, browser, 'WEB');
    Object.assign(process.env, {
      TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, PUSH_DELIVERY: 'outbox', AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT',
    });
    const { handler } = await import('../../lambdas/src/streams/fan-out');
    const id = `chat-${unique()}`;
    const at = Date.now();
    const record = {
      eventID: `evt-${unique()}`, eventName: 'INSERT' as const,
      dynamodb: {
        SequenceNumber: '1',
        Keys: { pk: { S: `BOOKING#${booking.id}` }, sk: { S: `CHAT#${String(at).padStart(13, '0')}#${id}` } },
        NewImage: { id: { S: id }, at: { N: String(at) }, message: { S: 'Once only' }, from: { S: rider.id }, type: { S: 'msg' }, source: { S: 'rider' } },
      },
    };
    const event = { Records: [record] } as never;
    const results = await Promise.all([handler(event), handler(event)]);
    await handler(event);
    expect(results.flatMap((r) => r.batchItemFailures).length).toBeLessThanOrEqual(1);
    const pushes = (await settledPushesTo(browser, 1)).filter((p) => p.body === 'Once only');
    expect(pushes).toHaveLength(1);
  });

  it('broadcasts to every platform reach a driver\'s browser as they reach phones', async () => {
    const rider = await newRider();
    const { driver } = await acceptedTrip(rider);
    const browser = webSubscription(`${driver.id}-${unique()}`);
    await register(driver.token, browser, 'WEB');
    const admin = await idToken(DEMO.admin);
    const added = await api('POST', '/notifications', { token: admin, body: sampleNotification({ usertype: 'driver', devicetype: 'All' }) });
    expect(added.status).toBe(201);
    const sent = await api('POST', `/notifications/${added.body.id}/send`, { token: admin, body: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    await expect.poll(async () => (await outboxPushes()).filter((p) => p.to === browser && p.title === added.body.title).length, { timeout: 30_000, interval: 300 }).toBe(1);
    expect((await outboxPushes()).find((p) => p.to === browser && p.title === added.body.title)).toMatchObject({ platform: 'WEB', uid: driver.id });
  });
});
