import { randomBytes } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { startStreamPoller, type RetryRules } from '../../infra/local/stream-poller';
import { PUSH_RETRY_DELAYS_MS } from '../../lambdas/src/use-cases/retry-failed-pushes';
import { startPushService, type PushService } from '../support/push-service';
import { newDriver, ownPlace, putOnline } from './support/drivers';
import { api, endpoints } from './support/endpoints';
import { bookNowFor, newRider } from './support/trips';

/**
 * A stream record whose consumer fails is tried again, as the deployed event source mapping says
 * (retries, bisecting a failed invocation, giving up into the failure queue). Part one runs the
 * local cloud's stream reader on a table of its own in DynamoDB Local with a consumer that fails on
 * purpose. Part two is the platform's own path for a failed push: not a failed record (which would
 * hold up every record behind it), but a retry job on the jobs queue that pushes the device again.
 */

const RULES: RetryRules = { retryAttempts: 2, bisectOnError: true, maxRecordAgeSeconds: -1, reportBatchItemFailures: true };

describe('the local cloud retries a failed stream record as the mapping says', () => {
  const { dynamoEndpoint, region } = endpoints();
  const client = new DynamoDBClient({ endpoint: dynamoEndpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const tables: string[] = [];
  const stops: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const stop of stops) await stop();
    for (const TableName of tables) await client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
    client.destroy();
  });

  /** A table with a stream, and the reader on it with `handler`; what it gave up on, with why. */
  async function streamOf(handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>, rules?: RetryRules) {
    const TableName = `stream-retries-${randomBytes(4).toString('hex')}`;
    tables.push(TableName);
    const made = await client.send(new CreateTableCommand({
      TableName, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }));
    const discarded: { keys: string[]; why: string }[] = [];
    const poller = startStreamPoller({
      endpoint: dynamoEndpoint!, region, streamArn: made.TableDescription!.LatestStreamArn!, handler, intervalMs: 50, drain: true,
      ...(rules ? { retry: rules } : {}),
      onDiscard: (records, why) => discarded.push({ keys: records.map((r) => r.dynamodb!.Keys!.pk!.S!), why }),
    });
    stops.push(poller.stop);
    await poller.ready;
    const put = async (...keys: string[]) => { for (const pk of keys) await client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk } } })); };
    return { put, discarded, stop: poller.stop };
  }

  /**
   * Records that reach the consumer as one batch: a first record's invocation is held while the
   * others are written, so the reader finds them all at its next read.
   */
  function heldFirst() {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => { open = r; });
    let held = false;
    return {
      hold: async (event: DynamoDBStreamEvent) => { if (!held && keysOf(event).includes('first')) { held = true; await gate; return true; } return keysOf(event).includes('first'); },
      async batch(put: (...k: string[]) => Promise<void>, ...keys: string[]) {
        await put('first');
        await expect.poll(() => held, { timeout: 10_000 }).toBe(true);
        await put(...keys);
        open();
      },
    };
  }

  const keysOf = (event: DynamoDBStreamEvent) => event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!);
  const settle = () => new Promise((r) => setTimeout(r, 1500));

  it.skipIf(!dynamoEndpoint)('retries from the first record the consumer reports failed, the later ones with it, until it succeeds', async () => {
    const batches: string[][] = [];
    let failuresLeft = 2;
    const together = heldFirst();
    const { put, discarded } = await streamOf(async (event) => {
      if (await together.hold(event)) return { batchItemFailures: [] };
      batches.push(keysOf(event));
      const b = event.Records.find((r) => r.dynamodb!.Keys!.pk!.S === 'b');
      if (b && failuresLeft-- > 0) return { batchItemFailures: [{ itemIdentifier: b.dynamodb!.SequenceNumber! }] };
      return { batchItemFailures: [] };
    }, RULES);
    await together.batch(put, 'a', 'b', 'c');
    await expect.poll(() => batches.flat().filter((k) => k === 'b').length, { timeout: 10_000 }).toBe(3);
    await settle();
    // a once; b, and c after it, three times (two retries); nothing given up.
    expect(batches.flat().filter((k) => k === 'a')).toHaveLength(1);
    expect(batches.flat().filter((k) => k === 'c')).toHaveLength(3);
    expect(batches).toEqual([['a', 'b', 'c'], ['b', 'c'], ['b', 'c']]);
    expect(discarded).toEqual([]);
  });

  it.skipIf(!dynamoEndpoint)('gives a record up into the failure queue once its retries are spent', async () => {
    const tries: string[] = [];
    const { put, discarded } = await streamOf(async (event) => {
      tries.push(...keysOf(event));
      return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) };
    }, RULES);
    await put('doomed');
    await expect.poll(() => discarded, { timeout: 10_000 }).toEqual([{ keys: ['doomed'], why: 'retries exhausted' }]);
    expect(tries).toEqual(['doomed', 'doomed', 'doomed']);
  });

  it.skipIf(!dynamoEndpoint)('splits a batch whose invocation fails, so one bad record does not hold back the others', async () => {
    const handled = new Set<string>();
    const batches: string[][] = [];
    const together = heldFirst();
    const { put, discarded } = await streamOf(async (event) => {
      if (await together.hold(event)) return;
      batches.push(keysOf(event));
      if (keysOf(event).includes('poison')) throw new Error('the function failed');
      for (const k of keysOf(event)) handled.add(k);
    }, RULES);
    await together.batch(put, 'p1', 'p2', 'poison', 'p3');
    await expect.poll(() => discarded.flatMap((d) => d.keys), { timeout: 15_000 }).toEqual(['poison']);
    await settle();
    expect([...handled].sort()).toEqual(['p1', 'p2', 'p3']);
    // Halved until the bad record is alone; it alone is tried again (twice) and given up.
    expect(batches).toEqual([['p1', 'p2', 'poison', 'p3'], ['p1', 'p2'], ['poison', 'p3'], ['poison'], ['poison'], ['poison'], ['p3']]);
  });

  it.skipIf(!dynamoEndpoint)('without retry rules hands a failed record over once (the stand-in never retries on its own)', async () => {
    const tries: string[] = [];
    const { put, discarded } = await streamOf(async (event) => {
      tries.push(...keysOf(event));
      throw new Error('the function failed');
    });
    await put('once');
    await expect.poll(() => discarded.length, { timeout: 10_000 }).toBe(1);
    await settle();
    expect(tries).toEqual(['once']);
  });
});

describe('a push the push service refuses once', () => {
  let service: PushService | undefined;
  let unregister: (() => Promise<unknown>) | undefined;
  // The device goes before its push service, so no later push to it fails and holds up the stream.
  afterAll(async () => { await unregister?.(); await service?.stop(); });

  it.skipIf(!endpoints().dynamoEndpoint)('reaches the browser by a retry job some seconds later, once', async () => {
    const driver = await newDriver();
    const { publicKey } = (await api('GET', '/me/device/web-push-key', { token: driver.token })).body as { publicKey: string };
    const accepted: { data: Record<string, string> }[] = [];
    const calls: number[] = [];
    // The first push is answered 400, as a push service under load may; the second is taken.
    service = await startPushService(publicKey, (push) => {
      calls.push(Date.now());
      if (calls.length === 1) throw new Error('push service busy');
      accepted.push(JSON.parse(push.payload) as { data: Record<string, string> });
    });
    const reg = await api('PUT', '/me/device', { token: driver.token, body: { pushToken: JSON.stringify(service.subscription), userPlatform: 'WEB' } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    unregister = () => api('DELETE', `/me/device?pushToken=${encodeURIComponent(JSON.stringify(service!.subscription))}`, { token: driver.token });

    const here = ownPlace();
    await putOnline(driver, here);
    const booking = await bookNowFor((await newRider()).id, here);
    expect(booking.requestedDrivers[driver.id]).toBe(true);

    const offers = () => accepted.filter((p) => p.data.kind === 'new_booking' && p.data.bookingId === booking.id);
    await expect.poll(() => offers().length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect(service.refused).toEqual(['push service busy']);
    // The job's delay, not the stream's prompt retry of a failed record.
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(PUSH_RETRY_DELAYS_MS[0] - 500);
    await new Promise((r) => setTimeout(r, 1500));
    expect(offers()).toHaveLength(1);
  });
});
