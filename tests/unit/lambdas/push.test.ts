import type { SNSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { audiencePartitions, BROADCAST_BATCH_SIZE, nextPosition } from '../../../shared/src/domain/push-audience';
import { isGone, snsMessage } from '../../../lambdas/src/adapters/push/sns-push-sender';
import { platformAttributes } from '../../../lambdas/src/custom-resources/push-platform-application';
import { pushNotifier } from '../../../lambdas/src/adapters/notifier/push-notifier';
import { renderNotification } from '../../../shared/src/i18n/notifications';
import type { Job } from '../../../lambdas/src/ports/jobs';
import type { NotificationStore, StoredNotification } from '../../../lambdas/src/ports/notifications';
import type { ClaimState, DevicePage, PushClaims, PushDevice, PushOutcome, PushSender } from '../../../lambdas/src/ports/push';
import { broadcastNotification } from '../../../lambdas/src/use-cases/broadcast-notification';
import { fanOutChange, type FanOutDeps } from '../../../lambdas/src/use-cases/fan-out-change';
import { endpointOf, handlePushEndpointEvent } from '../../../lambdas/src/use-cases/handle-push-endpoint-event';
import { pushToDevices, PushRetryNeeded } from '../../../lambdas/src/use-cases/push-to-devices';
import { runBroadcastBatch } from '../../../lambdas/src/use-cases/run-broadcast-batch';
import { PUSH_RETRY_DELAYS_MS, retryingLater, runPushRetry } from '../../../lambdas/src/use-cases/retry-failed-pushes';

const device = (token: string, over: Partial<PushDevice> = {}): PushDevice => ({
  uid: 'u1', usertype: 'rider', token, platform: 'ANDROID', updatedAt: '2026-01-01T00:00:00.000Z', ...over,
});

/** The claim table's rules in memory: a claim is taken once, settled or released. */
function memoryClaims(): PushClaims & { states: Map<string, string> } {
  const states = new Map<string, string>();
  return {
    states,
    async take(delivery, token): Promise<ClaimState> {
      const k = `${delivery}|${token}`;
      const s = states.get(k);
      if (s === 'sent' || s === 'failed') return s;
      if (s === 'sending') return 'busy';
      states.set(k, 'sending');
      return 'taken';
    },
    async settle(delivery, token, outcome) { states.set(`${delivery}|${token}`, outcome); },
    async release(delivery, token) { if (states.get(`${delivery}|${token}`) === 'sending') states.delete(`${delivery}|${token}`); },
  };
}

/** A sender that records pushes; `answers` scripts outcomes (or throws) per token, in order. */
function fakeSender(answers: Record<string, (PushOutcome | 'throw')[]> = {}) {
  const sent: string[] = [];
  const unregistered: string[] = [];
  const sender: PushSender = {
    async register() { return undefined; },
    async unregister(arn) { unregistered.push(arn); },
    async enabled() { return true; },
    async send(d) {
      const next = answers[d.token]?.shift() ?? 'sent';
      if (next === 'throw') throw new Error('platform unavailable');
      if (next === 'sent') sent.push(d.token);
      return next;
    },
  };
  return { sender, sent, unregistered };
}

function deviceStore(devices: PushDevice[]) {
  const removed: string[] = [];
  return {
    removed,
    async ofUser(uid: string) { return devices.filter((d) => d.uid === uid && !removed.includes(d.token)); },
    async remove(d: PushDevice) { removed.push(d.token); return true; },
  };
}

describe('pushToDevices: exactly once per delivery and device', () => {
  it('pushes each device once however often the same delivery runs', async () => {
    const claims = memoryClaims();
    const { sender, sent } = fakeSender();
    const deps = { push: () => sender, devices: deviceStore([]), claims };
    const devices = [device('a'), device('b')];
    expect(await pushToDevices(deps, 'MSG#1', devices, { title: 't', body: 'b' })).toEqual({ sent: 2, failed: 0, busy: 0 });
    // A second run counts what the first sent, and sends nothing.
    expect(await pushToDevices(deps, 'MSG#1', devices, { title: 't', body: 'b' })).toEqual({ sent: 2, failed: 0, busy: 0 });
    expect(sent).toEqual(['a', 'b']);
  });

  it('releases a failed push so the retry sends it, and only it', async () => {
    const claims = memoryClaims();
    const { sender, sent } = fakeSender({ b: ['throw'] });
    const deps = { push: () => sender, devices: deviceStore([]), claims };
    const devices = [device('a'), device('b'), device('c')];
    const first = await pushToDevices(deps, 'MSG#2', devices, { title: 't', body: 'b' }).catch((e) => e);
    expect(first).toBeInstanceOf(PushRetryNeeded);
    expect(sent.sort()).toEqual(['a', 'c']);
    expect(await pushToDevices(deps, 'MSG#2', devices, { title: 't', body: 'b' })).toEqual({ sent: 3, failed: 0, busy: 0 });
    expect(sent.sort()).toEqual(['a', 'b', 'c']);
  });

  it('forgets a device the platform reports gone, and its endpoint', async () => {
    const claims = memoryClaims();
    const { sender, unregistered } = fakeSender({ gone: ['gone'] });
    const store = deviceStore([]);
    const tally = await pushToDevices({ push: () => sender, devices: store, claims }, 'MSG#3', [device('gone', { endpointArn: 'arn:endpoint/x' }), device('ok')], { title: 't', body: 'b' });
    expect(tally).toEqual({ sent: 1, failed: 1, busy: 0 });
    expect(store.removed).toEqual(['gone']);
    expect(unregistered).toEqual(['arn:endpoint/x']);
  });
});

describe('the fan-out hands a message to the Notifier before any dedup marker', () => {
  const record = {
    eventId: 'e1', change: 'INSERT' as const, pk: 'USER#u1', sk: 'MSG#0000000000001#m1',
    image: { to: 'u1', id: 'm1', at: 1, kind: 'wallet_credited', title: 'Wallet', body: 'Credited' },
  };

  it('retries a record whose push failed, and pushes only the device that missed it', async () => {
    const claims = memoryClaims();
    const { sender, sent } = fakeSender({ b: ['throw'] });
    const notifier = pushNotifier({ push: () => sender, devices: deviceStore([device('a'), device('b')]), claims });
    const markers = new Set<string>();
    const deps: FanOutDeps = {
      subscribers: async () => [{ connectionId: 'conn', uid: 'u1', role: 'rider' }], post: async () => true, forget: async () => {},
      unsubscribe: async () => {}, booking: async () => undefined,
      async firstDelivery(id) { if (markers.has(id)) return false; markers.add(id); return true; },
      notifier,
    };
    await expect(fanOutChange(deps, record)).rejects.toBeInstanceOf(PushRetryNeeded);
    expect(markers.size).toBe(0); // nothing marked: the stream retries the record
    await fanOutChange(deps, record);
    await fanOutChange(deps, record); // a duplicate delivery
    expect(sent.sort()).toEqual(['a', 'b']);
  });
});

describe('a failed push is retried by a job, not by failing the stream record', () => {
  const message = { id: 'm1', at: 1, to: 'u1', kind: 'new_booking', title: 'T', body: 'B', bookingId: 'BK1' };
  const queue = () => {
    const scheduled: { job: Job; runAt: number }[] = [];
    return { scheduled, jobs: () => ({ async schedule(job: Job, runAt: number) { scheduled.push({ job, runAt }); } }) };
  };
  const now = () => new Date(1_000_000);

  it('hands the record back as done, with a job that later pushes only the device that missed it', async () => {
    const claims = memoryClaims();
    const { sender, sent } = fakeSender({ b: ['throw'] });
    const devices = deviceStore([device('a'), device('b')]);
    const notifier = pushNotifier({ push: () => sender, devices, claims });
    const { scheduled, jobs } = queue();
    // The stream's Notifier does not throw: the record behind this one is not held up.
    await retryingLater({ jobs, now }, notifier).deliver(message);
    expect(sent).toEqual(['a']);
    expect(scheduled).toEqual([{ job: { kind: 'push', message, attempt: 1 }, runAt: 1_000_000 + PUSH_RETRY_DELAYS_MS[0] }]);
    // The job, run (twice, as a queue may): b once, a never again.
    const job = scheduled[0]!.job as Extract<Job, { kind: 'push' }>;
    expect(await runPushRetry({ jobs, now, notifier }, job.message, job.attempt)).toBe('pushed');
    expect(await runPushRetry({ jobs, now, notifier }, job.message, job.attempt)).toBe('pushed');
    expect(sent).toEqual(['a', 'b']);
    expect(scheduled).toHaveLength(1);
  });

  it('backs off on each failed retry and gives up after the last, without throwing', async () => {
    const claims = memoryClaims();
    const { sender, sent } = fakeSender({ a: Array(10).fill('throw') });
    const notifier = pushNotifier({ push: () => sender, devices: deviceStore([device('a')]), claims });
    const { scheduled, jobs } = queue();
    await retryingLater({ jobs, now }, notifier).deliver(message);
    for (let attempt = 1; attempt < PUSH_RETRY_DELAYS_MS.length; attempt++) {
      expect(await runPushRetry({ jobs, now, notifier }, message, attempt)).toBe('retry scheduled');
    }
    expect(scheduled.map((s) => [(s.job as Extract<Job, { kind: 'push' }>).attempt, s.runAt - 1_000_000]))
      .toEqual(PUSH_RETRY_DELAYS_MS.map((d, i) => [i + 1, d]));
    expect(await runPushRetry({ jobs, now, notifier }, message, PUSH_RETRY_DELAYS_MS.length)).toBe('given up');
    expect(scheduled).toHaveLength(PUSH_RETRY_DELAYS_MS.length);
    expect(sent).toEqual([]);
  });

  it('still fails the record when what failed is not a push (the table): the stream retries that', async () => {
    const notifier = { async deliver() { throw new Error('table unavailable'); } };
    const { scheduled, jobs } = queue();
    await expect(retryingLater({ jobs, now }, notifier).deliver(message)).rejects.toThrow('table unavailable');
    expect(scheduled).toEqual([]);
  });
});

describe('a message pushed in each device\'s language', () => {
  it('words it for each device from its kind and values; a device without one, or a message kept without values, hears the English', async () => {
    const payloads = new Map<string, { title: string; body: string }>();
    const sender: PushSender = {
      async register() { return undefined; }, async unregister() {}, async enabled() { return true; },
      async send(d, p) { payloads.set(d.token, { title: p.title, body: p.body }); return 'sent'; },
    };
    const notifier = pushNotifier({ push: () => sender, devices: deviceStore([device('es', { language: 'es' }), device('en'), device('pt', { language: 'pt-BR' })]), claims: memoryClaims() });
    const text = renderNotification('trip_started', { id: 'BK1', drop: 'Oslo' });
    await notifier.deliver({ id: 'm1', at: 1, to: 'u1', kind: 'trip_started', ...text });
    expect(payloads.get('es')).toEqual({ title: 'Viaje iniciado', body: 'La reserva BK1 va de camino a Oslo.' });
    expect(payloads.get('en')).toEqual({ title: 'Trip started', body: 'Booking BK1 is on its way to Oslo.' });
    expect(payloads.get('pt')).toEqual(payloads.get('en'));
    payloads.clear();
    await notifier.deliver({ id: 'm2', at: 2, to: 'u1', kind: 'trip_started', title: 'Trip started', body: 'As written' });
    expect(payloads.get('es')).toEqual({ title: 'Trip started', body: 'As written' });
  });
});

describe('broadcast audience', () => {
  it('expands All to the 2 or 4 index partitions', () => {
    expect(audiencePartitions('rider', 'ANDROID')).toEqual([{ usertype: 'rider', platform: 'ANDROID' }]);
    expect(audiencePartitions('All', 'IOS')).toEqual([{ usertype: 'rider', platform: 'IOS' }, { usertype: 'driver', platform: 'IOS' }]);
    expect(audiencePartitions('driver', 'All')).toEqual([{ usertype: 'driver', platform: 'ANDROID' }, { usertype: 'driver', platform: 'IOS' }, { usertype: 'driver', platform: 'WEB' }]);
    expect(audiencePartitions('All', 'All')).toHaveLength(6);
  });

  it('moves through a partition by cursor, then to the next partition, then ends', () => {
    expect(nextPosition(0, 'c1', 2)).toEqual({ partition: 0, cursor: 'c1' });
    expect(nextPosition(0, undefined, 2)).toEqual({ partition: 1 });
    expect(nextPosition(1, undefined, 2)).toBeUndefined();
  });
});

/** A notification store with the adapter's conditions (send and batch) in memory. */
function memoryNotifications(seed: StoredNotification) {
  let item: StoredNotification | undefined = { ...seed };
  const store: NotificationStore & { item: () => StoredNotification | undefined } = {
    item: () => item,
    async list() { return item ? [item] : []; },
    async get() { return item ? { ...item } : undefined; },
    async create() {},
    async replace() {},
    async remove() { item = undefined; },
    async startSend(current, send) {
      if (!item || item.version !== current.version || item.status === 'sending') throw Object.assign(new Error('conflict'), { status: 409 });
      item = { ...item, ...send.state, status: 'sending', total: send.total, sent: 0, failed: 0, startedAt: send.at, lastSentAt: send.at };
      return { ...item };
    },
    async advance(_id, at, p) {
      if (!item || item.sendId !== at.sendId || item.batch !== at.batch) return false;
      item = {
        ...item, sent: item.sent + p.sent, failed: item.failed + p.failed, lastSentAt: p.at, batch: at.batch + 1,
        status: p.next ? 'sending' : 'sent', partition: p.next?.partition ?? item.partition, cursor: p.next?.cursor,
      };
      return true;
    },
    async markScheduled(_id, _sendId, batch) { if (item) item.scheduledBatch = batch; },
  };
  return store;
}

/** Device pages of `size` devices in each partition, `limit` at a time (cursor = offset). */
function pagedDevices(counts: Record<string, number>) {
  return {
    async count(usertype: string, platform: string) { return counts[`${usertype}#${platform}`] ?? 0; },
    async page(usertype: string, platform: string, opts: { cursor?: string; limit: number }): Promise<DevicePage> {
      const total = counts[`${usertype}#${platform}`] ?? 0;
      const from = Number(opts.cursor ?? 0);
      const to = Math.min(total, from + opts.limit);
      const items = Array.from({ length: to - from }, (_, i) => device(`${usertype}-${platform}-${from + i}`, { usertype, platform: platform as 'ANDROID' }));
      return { items, next: to < total ? String(to) : undefined };
    },
    async remove() { return true; },
  };
}

describe('broadcasts in batches', () => {
  const draft: StoredNotification = {
    id: 'n1', devicetype: 'All', usertype: 'rider', title: 'Hello', body: 'World', createdAt: '2026-01-01T00:00:00.000Z',
    version: 1, status: 'draft', total: 0, sent: 0, failed: 0,
  };

  it('refuses no_user_match and writes nothing when no device matches', async () => {
    const notifications = memoryNotifications(draft);
    const jobs: Job[] = [];
    const err = await broadcastNotification({
      notifications, devices: pagedDevices({ 'driver#ANDROID': 5 }), jobs: () => ({ schedule: async (j) => { jobs.push(j); } }), now: () => new Date(),
    }, 'n1').catch((e) => e);
    expect(err).toMatchObject({ code: 'no_user_match', status: 409 });
    expect(notifications.item()).toMatchObject({ status: 'draft', total: 0 });
    expect(jobs).toEqual([]);
  });

  it('sends every matching device once, batch by batch, even when each job runs twice', async () => {
    const counts = { 'rider#ANDROID': BROADCAST_BATCH_SIZE + 30, 'rider#IOS': 5, 'driver#ANDROID': 7 };
    const notifications = memoryNotifications(draft);
    const queue: Job[] = [];
    const { sender, sent } = fakeSender();
    const deps = {
      notifications, devices: pagedDevices(counts), claims: memoryClaims(), push: () => sender,
      jobs: () => ({ schedule: async (j: Job) => { queue.push(j); } }), now: () => new Date(),
    };
    const started = await broadcastNotification(deps, 'n1');
    expect(started).toMatchObject({ status: 'sending', total: BROADCAST_BATCH_SIZE + 35, sent: 0 });
    for (let steps = 0; queue.length && steps < 50; steps++) {
      const job = queue.shift() as Extract<Job, { kind: 'broadcast' }>;
      await runBroadcastBatch(deps, job);
      await runBroadcastBatch(deps, job); // delivered twice
    }
    expect(notifications.item()).toMatchObject({ status: 'sent', total: BROADCAST_BATCH_SIZE + 35, sent: BROADCAST_BATCH_SIZE + 35, failed: 0 });
    expect(sent).toHaveLength(BROADCAST_BATCH_SIZE + 35);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.some((t) => t.startsWith('driver'))).toBe(false);
  });

  it('counts a retried batch exactly: pushes an earlier attempt made are counted, not repeated', async () => {
    const notifications = memoryNotifications({ ...draft, usertype: 'rider', devicetype: 'IOS' });
    const queue: Job[] = [];
    const { sender, sent } = fakeSender({ 'rider-IOS-2': ['throw'] });
    const deps = {
      notifications, devices: pagedDevices({ 'rider#IOS': 4 }), claims: memoryClaims(), push: () => sender,
      jobs: () => ({ schedule: async (j: Job) => { queue.push(j); } }), now: () => new Date(),
    };
    await broadcastNotification(deps, 'n1');
    const job = queue.shift() as Extract<Job, { kind: 'broadcast' }>;
    await expect(runBroadcastBatch(deps, job)).rejects.toBeInstanceOf(PushRetryNeeded);
    expect(notifications.item()).toMatchObject({ status: 'sending', sent: 0 });
    expect(await runBroadcastBatch(deps, job)).toBe('complete');
    expect(notifications.item()).toMatchObject({ status: 'sent', sent: 4, failed: 0, total: 4 });
    expect(sent.sort()).toEqual(['rider-IOS-0', 'rider-IOS-1', 'rider-IOS-2', 'rider-IOS-3']);
  });
});

describe('SNS mobile push', () => {
  it('publishes FCM v1 and APNs payloads in one message', () => {
    const m = JSON.parse(snsMessage({ title: 'Trip', body: 'Driver arrived', data: { bookingId: 'b1' } }));
    expect(JSON.parse(m.GCM)).toEqual({ fcmV1Message: { message: { notification: { title: 'Trip', body: 'Driver arrived' }, data: { bookingId: 'b1' }, android: { priority: 'high' } } } });
    expect(JSON.parse(m.APNS)).toEqual({ aps: { alert: { title: 'Trip', body: 'Driver arrived' }, sound: 'default' }, bookingId: 'b1' });
    expect(m.APNS_SANDBOX).toBe(m.APNS);
    expect(m.default).toBe('Driver arrived');
  });

  it('knows the answers that mean an endpoint is gone', () => {
    expect(isGone({ name: 'EndpointDisabledException', message: 'Endpoint is disabled' })).toBe(true);
    expect(isGone({ name: 'NotFoundException', message: 'Endpoint does not exist' })).toBe(true);
    expect(isGone({ name: 'InvalidParameterException', message: 'Invalid parameter: TargetArn Reason: No endpoint found for the target arn specified' })).toBe(true);
    expect(isGone({ name: 'InvalidParameterException', message: 'Invalid parameter: Message too long' })).toBe(false);
    expect(isGone({ name: 'ThrottledException', message: 'Rate exceeded' })).toBe(false);
  });

  it('builds the platform application attributes from its secret', () => {
    const topic = 'arn:aws:sns:us-east-1:111111111111:events';
    expect(platformAttributes({ Platform: 'GCM', EventsTopicArn: topic }, { credential: '{"type":"service_account"}' })).toEqual({
      PlatformCredential: '{"type":"service_account"}', EventEndpointUpdated: topic, EventDeliveryFailure: topic,
    });
    expect(platformAttributes({ Platform: 'APNS', EventsTopicArn: topic }, { signingKey: 'KEY', keyId: 'K1', teamId: 'T1', bundleId: 'com.example.app' })).toMatchObject({
      PlatformCredential: 'KEY', PlatformPrincipal: 'K1', ApplePlatformTeamID: 'T1', ApplePlatformBundleID: 'com.example.app',
    });
    expect(() => platformAttributes({ Platform: 'APNS', EventsTopicArn: topic }, { signingKey: 'KEY' })).toThrow(/keyId/);
  });
});

/** A delivery failure event as SNS publishes it to a platform application's event topic. */
const recordedDeliveryFailure: SNSEvent = {
  Records: [{
    EventSource: 'aws:sns', EventVersion: '1.0', EventSubscriptionArn: 'arn:aws:sns:us-east-1:111111111111:push-endpoint-events:5b1f',
    Sns: {
      Type: 'Notification', MessageId: '0c6b6a6e-1d1f-5e3c-9d1a-2b1f3c4d5e6f', TopicArn: 'arn:aws:sns:us-east-1:111111111111:push-endpoint-events',
      Subject: 'DeliveryFailure event for app ride-platform-prod-android (GCM)',
      Message: JSON.stringify({
        DeliveryAttempts: 1,
        EndpointArn: 'arn:aws:sns:us-east-1:111111111111:endpoint/GCM/ride-platform-prod-android/6f1c2b1e-0d4a-3b4c-9e2f-1a2b3c4d5e6f',
        EventType: 'DeliveryFailure', FailureMessage: 'Endpoint is disabled', FailureType: 'EndpointDisabled',
        MessageId: '9a8b7c6d-5e4f-3a2b-1c0d-ffeeddccbbaa',
        Resource: 'arn:aws:sns:us-east-1:111111111111:app/GCM/ride-platform-prod-android', Service: 'SNS', Time: '2026-01-01T00:00:00.000Z',
      }),
      Timestamp: '2026-01-01T00:00:00.000Z', SignatureVersion: '1', Signature: 'x', SigningCertUrl: 'https://example.com/cert.pem',
      UnsubscribeUrl: 'https://example.com/unsubscribe', MessageAttributes: {},
    },
  }],
};

describe('push endpoint events', () => {
  const message = JSON.parse(recordedDeliveryFailure.Records[0]!.Sns.Message);
  const endpoint = message.EndpointArn as string;

  it('reads the endpoint from a recorded event, never the application', () => {
    expect(endpointOf(message)).toBe(endpoint);
    expect(endpointOf({ EventType: 'EndpointUpdated', Resource: message.Resource })).toBeUndefined();
  });

  it('forgets the device and the endpoint SNS disabled; an enabled one stays', async () => {
    const removed: string[] = [];
    const unregistered: string[] = [];
    let enabled = false;
    const deps = {
      devices: {
        async byEndpoint(arn: string) { return arn === endpoint ? device('tok', { endpointArn: endpoint }) : undefined; },
        async remove(d: PushDevice) { removed.push(d.token); return true; },
      },
      push: (): PushSender => ({
        register: async () => undefined, unregister: async (arn) => { unregistered.push(arn); }, send: async () => 'sent', enabled: async () => enabled,
      }),
    };
    expect(await handlePushEndpointEvent(deps, message)).toBe('forgotten');
    expect(removed).toEqual(['tok']);
    expect(unregistered).toEqual([endpoint]);
    enabled = true;
    expect(await handlePushEndpointEvent(deps, { ...message, EventType: 'EndpointUpdated' })).toBe('enabled');
    expect(removed).toEqual(['tok']);
  });
});
