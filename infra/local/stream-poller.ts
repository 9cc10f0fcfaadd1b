import {
  DescribeStreamCommand, DynamoDBStreamsClient, ExpiredIteratorException, GetRecordsCommand, type GetRecordsCommandOutput, GetShardIteratorCommand,
  TrimmedDataAccessException, type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/** An event source mapping's retry rules (the local cloud reads them from the template's mapping). */
export interface RetryRules {
  /** Retries of a failed batch before its records go to the on-failure destination (-1: until they expire). */
  retryAttempts: number;
  /** A batch whose invocation failed is split in two and each half tried on its own. */
  bisectOnError: boolean;
  /** Records older than this are not retried (-1: no limit). */
  maxRecordAgeSeconds: number;
  /** The function answers which records failed (`batchItemFailures`) instead of failing the batch. */
  reportBatchItemFailures: boolean;
}

const NO_RETRY: RetryRules = { retryAttempts: 0, bisectOnError: false, maxRecordAgeSeconds: -1, reportBatchItemFailures: true };
/** Lambda backs off between a stream batch's retries; these keep a local retry prompt. */
const RETRY_BACKOFF_MS = 250;
const RETRY_BACKOFF_MAX_MS = 4000;

/** When the change was written (a stream record's approximate creation time, in ms). */
function recordTime(r: _Record): number {
  const at = r.dynamodb?.ApproximateCreationDateTime;
  return at instanceof Date ? at.getTime() : typeof at === 'number' ? at * 1000 : Date.now();
}

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
  /** The mapping's retry rules (the template's); without them a failed batch is not tried again. */
  retry?: RetryRules;
  /** Records given up on (retries exhausted, too old): where the mapping's on-failure destination would get them. */
  onDiscard?: (records: _Record[], why: string) => void;
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

  const retry = opts.retry ?? NO_RETRY;
  // A stop ends a retry's wait at once.
  const backoffs = new Set<() => void>();
  const backoff = (ms: number) => new Promise<void>((r) => {
    const done = () => { clearTimeout(t); backoffs.delete(done); r(); };
    const t = setTimeout(done, ms);
    backoffs.add(done);
  });

  async function deliver(all: _Record[]) {
    const records = opts.filter ? all.filter(opts.filter) : all;
    if (records.length > 0) await deliverWithRetries(records);
  }

  /**
   * One batch until it succeeds or its retries run out, as Lambda's mapping does: the shard waits
   * meanwhile (order kept). A reported failure retries from the first failed record on (the records
   * after it again too: a stream consumer must be idempotent); an invocation that fails retries the
   * whole batch, split in two halves first when `bisectOnError`. Records past their retries or
   * their age go to `onDiscard` (the mapping's on-failure destination).
   */
  async function deliverWithRetries(records: _Record[], attempt = 0): Promise<void> {
    let failedFrom: number;
    try {
      const res = await opts.handler({ Records: records.map((r) => ({ ...r, eventSourceARN: opts.streamArn })) } as unknown as DynamoDBStreamEvent);
      const failures = res?.batchItemFailures ?? [];
      if (failures.length === 0) return;
      const failed = new Set(failures.map((f) => f.itemIdentifier));
      const first = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? '') || failed.has(r.eventID ?? ''));
      // An identifier that names no record of the batch fails the whole batch, as Lambda reads it.
      failedFrom = retry.reportBatchItemFailures && first >= 0 ? first : 0;
      opts.onError?.(new Error(`${failures.length} stream record(s) failed${retry.retryAttempts < 0 || attempt < retry.retryAttempts ? ', retrying' : ''}`));
    } catch (e) {
      opts.onError?.(e);
      if (retry.bisectOnError && records.length > 1 && !stopped) {
        const half = Math.ceil(records.length / 2);
        await deliverWithRetries(records.slice(0, half), attempt);
        await deliverWithRetries(records.slice(half), attempt);
        return;
      }
      failedFrom = 0;
    }
    const rest = records.slice(failedFrom);
    const maxAgeMs = retry.maxRecordAgeSeconds >= 0 ? retry.maxRecordAgeSeconds * 1000 : Infinity;
    const fresh = rest.filter((r) => Date.now() - recordTime(r) <= maxAgeMs);
    if (fresh.length < rest.length) opts.onDiscard?.(rest.filter((r) => !fresh.includes(r)), 'record age');
    if (fresh.length === 0) return;
    if (stopped || (retry.retryAttempts >= 0 && attempt >= retry.retryAttempts)) {
      opts.onDiscard?.(fresh, stopped ? 'stopped' : 'retries exhausted');
      return;
    }
    await backoff(Math.min(RETRY_BACKOFF_MS * 2 ** attempt, RETRY_BACKOFF_MAX_MS));
    if (stopped) { opts.onDiscard?.(fresh, 'stopped'); return; }
    await deliverWithRetries(fresh, attempt + 1);
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
      for (const done of [...backoffs]) done();
      await loop.catch(() => undefined);
      client.destroy();
    },
  };
}
