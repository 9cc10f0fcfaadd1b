import {
  DescribeStreamCommand, DynamoDBStreamsClient, ExpiredIteratorException, GetRecordsCommand, type GetRecordsCommandOutput, GetShardIteratorCommand,
  TrimmedDataAccessException, type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/**
 * Plays the part of Lambda's event source mapping: reads every shard of the table stream and
 * invokes the handler with Lambda-shaped batches. Shards open at start-up are read from LATEST
 * (old changes were handled by the previous run); shards that appear later from TRIM_HORIZON.
 * `filter` plays the mapping's filter criteria (records it refuses never reach the handler);
 * `drain` reads everything a shard has each tick (up to `maxBatch` records) and hands it over as
 * one batch, as a batching window does.
 */
export function startStreamPoller(opts: {
  endpoint: string; region: string; streamArn: string; handler: StreamHandler; onError?: (e: unknown) => void; intervalMs?: number;
  filter?: (record: _Record) => boolean; drain?: boolean; maxBatch?: number;
  /** Poll this seldom while nothing arrives and nobody nudges (Lambda's mapping polls a quiet shard too; this only saves the machine). */
  idleIntervalMs?: number;
}) {
  const client = new DynamoDBStreamsClient({ endpoint: opts.endpoint, region: opts.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const iterators = new Map<string, string | null>();
  let stopped = false;
  let firstDiscovery = true;
  let lastDiscovery = 0;

  async function discover() {
    const out = await client.send(new DescribeStreamCommand({ StreamArn: opts.streamArn }));
    for (const shard of out.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id)) continue;
      const it = await client.send(new GetShardIteratorCommand({
        StreamArn: opts.streamArn, ShardId: id, ShardIteratorType: firstDiscovery ? 'LATEST' : 'TRIM_HORIZON',
      }));
      iterators.set(id, it.ShardIterator ?? null);
    }
    firstDiscovery = false;
    lastDiscovery = Date.now();
  }

  async function deliver(all: _Record[]) {
    const records = opts.filter ? all.filter(opts.filter) : all;
    if (records.length === 0) return;
    const event = { Records: records.map((r) => ({ ...r, eventSourceARN: opts.streamArn })) } as unknown as DynamoDBStreamEvent;
    const res = await opts.handler(event);
    if (res && res.batchItemFailures.length) opts.onError?.(new Error(`${res.batchItemFailures.length} stream record(s) failed`));
  }

  async function tick(): Promise<number> {
    let delivered = 0;
    if (Date.now() - lastDiscovery > 2000) await discover();
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      try {
        const batch: _Record[] = [];
        let next: string | null = iterator;
        do {
          const out: GetRecordsCommandOutput = await client.send(new GetRecordsCommand({ ShardIterator: next, Limit: 100 }));
          next = out.NextShardIterator ?? null;
          iterators.set(shardId, next);
          batch.push(...(out.Records ?? []));
          if (!out.Records?.length) break;
        } while (opts.drain && next && batch.length < (opts.maxBatch ?? 1000));
        if (batch.length) await deliver(batch);
        delivered += batch.length;
      } catch (e) {
        if (e instanceof ExpiredIteratorException || e instanceof TrimmedDataAccessException) iterators.delete(shardId);
        else throw e;
      }
    }
    return delivered;
  }

  const ready = discover();
  let wake: (() => void) | undefined;
  let nudged = false;
  const loop = (async () => {
    await ready;
    while (!stopped) {
      const tickAt = Date.now();
      let delivered = 0;
      try {
        delivered = await tick();
      } catch (e) {
        if (!stopped) opts.onError?.(e);
      }
      const every = opts.intervalMs ?? 200;
      // A quiet stream is read less often; a nudge (a call just wrote) or records keep it at `every`.
      if (delivered === 0 && !nudged && opts.idleIntervalMs && opts.idleIntervalMs > every) {
        await new Promise<void>((r) => { wake = r; setTimeout(r, opts.idleIntervalMs! - (Date.now() - tickAt)); });
        wake = undefined;
      }
      nudged = false;
      const gap = every - (Date.now() - tickAt);
      if (gap > 0 && !stopped) await new Promise((r) => setTimeout(r, gap));
    }
  })();

  return {
    ready,
    /** A write may have just happened: read at the next `intervalMs` instead of the idle interval. */
    nudge() { if (wake) wake(); else nudged = true; },
    async stop() {
      stopped = true;
      wake?.();
      await loop.catch(() => undefined);
      client.destroy();
    },
  };
}
