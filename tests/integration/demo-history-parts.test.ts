import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalCloud } from '../../infra/local/cloud';
import type { DemoHistoryProgress } from '../../infra/local/demo-history/play-history';
import { zonedParts, zonedTime } from '../../infra/local/demo-history/zoned-time';
import { earningsPeriods } from '../../shared/src/domain/earnings';
import { endpoints } from './support/endpoints';

type Figures = { gross: number; paidBookings: number };
type Dashboard = { days: (Figures & { day: string })[] };
type Report = { items: { bookings: number; tripCost: number }[] };

const DAYS = 3;

/** A reader of the table's stream from its newest records on (new shards from their start). */
async function streamFrom(at: { endpoint: string; arn: string }) {
  const client = new DynamoDBStreamsClient({ endpoint: at.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const shards = async () => (await client.send(new DescribeStreamCommand({ StreamArn: at.arn }))).StreamDescription?.Shards ?? [];
  const iterators = new Map<string, string | undefined>();
  for (const shard of await shards()) {
    iterators.set(shard.ShardId!, (await client.send(new GetShardIteratorCommand({ StreamArn: at.arn, ShardId: shard.ShardId!, ShardIteratorType: 'LATEST' }))).ShardIterator);
  }
  return {
    async read(): Promise<_Record[]> {
      for (const shard of await shards()) {
        if (iterators.has(shard.ShardId!)) continue;
        iterators.set(shard.ShardId!, (await client.send(new GetShardIteratorCommand({ StreamArn: at.arn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }))).ShardIterator);
      }
      const out: _Record[] = [];
      for (let [, next] of iterators) {
        while (next) {
          const page = await client.send(new GetRecordsCommand({ ShardIterator: next, Limit: 1000 }));
          out.push(...(page.Records ?? []));
          if (!page.Records?.length) break;
          next = page.NextShardIterator;
        }
      }
      client.destroy();
      return out;
    },
  };
}

const describeRecord = (r: _Record) => `${r.eventName} ${r.dynamodb?.Keys?.pk?.S} ${r.dynamodb?.Keys?.sk?.S}`;
const ZONE = 'America/Los_Angeles';

/**
 * The first start's long history (issue 21, a demo that looks alive) is played in parts: today's
 * before the platform opens, the days before beside live traffic, resumed after a stop. Played
 * here lighter (the same shape, fewer bookings a day) over a month's turn, so the report's two
 * months and the dashboard's chart are both checked at the cost of three short days.
 */
describe('the demo history in parts', () => {
  let cloud: LocalCloud | undefined;
  afterAll(async () => { await cloud?.stop(); });

  it('plays today first, the days before beside live traffic without a message, resumes after a stop and never twice', async () => {
    if (endpoints().siteUrl === '' || process.env.API_URL) return; // a deployed API has no local cloud to play on
    const { startLocalCloud } = await import('../../infra/local/cloud');
    const { seedDemoData } = await import('../../infra/local/seed');
    const { playDemoHistory, PAST_CORRELATION_ID } = await import('../../infra/local/demo-history/play-history');
    cloud = await startLocalCloud({ port: 0 });
    await seedDemoData({ password: 'Demo1234' });
    const c = cloud;
    // Ends at noon on the first of this month (or now, earlier on the 1st): the days before are last month's.
    const now = zonedParts(Date.now(), ZONE);
    const end = Math.min(Date.now(), zonedTime(ZONE, now.year, now.month, 1, 12, 0));
    const plan = { days: DAYS, seed: 21, end, password: 'Demo1234', perDay: 4 };
    const progress: DemoHistoryProgress[] = [];
    const hushed = new Set<string>();

    const today = await c.quietly(() => playDemoHistory({ ...plan, part: 'recent', progress: (p) => progress.push(p) }));
    c.markReady();
    expect(today.failures, today.firstFailure).toBe(0);
    expect(today.bookings).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ days: DAYS, played: 1, done: false });

    const cognito = new CognitoIdentityProviderClient({ region: c.region, endpoint: c.cognitoEndpoint, credentials: { accessKeyId: 't', secretAccessKey: 't' } });
    const admin = (await cognito.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: c.userPoolClientId, AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: 'Demo1234' },
    }))).AuthenticationResult!.IdToken!;
    const get = async <T>(path: string, base = c.apiUrl) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status, path).toBe(200);
      return await res.json() as T;
    };
    const settingsBefore = await get<{ appMode: string; driverRadius: number; timeZone: string }>('/settings/all');
    const outbox = async () => (await get<{ items: unknown[] }>('/local/outbox', c.url)).items.length;
    const sentBefore = await outbox();

    // Whatever the older part writes is read from the stream as the consumers read it: from here on.
    const stream = await streamFrom(c.tableStream);

    // The days before, beside live traffic (the stream consumers run): a stop after the first…
    const older = { ...plan, part: 'older' as const, quiet: (id: string) => { hushed.add(id); c.quiet(id); }, progress: (p: DemoHistoryProgress) => progress.push(p) };
    const first = await playDemoHistory({ ...older, maxDays: 1 });
    expect(first.failures, first.firstFailure).toBe(0);
    expect(progress.at(-1)).toMatchObject({ played: 2, done: false });
    expect(await get('/local/demo-history', c.url)).toMatchObject({ status: 'playing', days: DAYS, played: 2 });
    // …and the next start resumes with the next day.
    const rest = await playDemoHistory(older);
    expect(rest.failures, rest.firstFailure).toBe(0);
    expect(rest.played).toBe(true);
    expect(progress.at(-1)).toMatchObject({ played: DAYS, done: true, bookings: today.bookings + first.bookings + rest.bookings });
    expect(await get('/local/demo-history', c.url)).toMatchObject({ status: 'done', played: DAYS, bookings: today.bookings + first.bookings + rest.bookings });
    expect(rest.withdrawals, 'the payout waiting now').toBeGreaterThan(0);
    // A further start plays nothing.
    expect((await playDemoHistory(older)).played).toBe(false);

    // The stream consumers read on while the past played: nothing of it reached a rider's inbox,
    // a parcel's recipient or the rider's receipts, and the operator's settings are as they were.
    expect(hushed.size).toBeGreaterThan(0);
    // Each of its records was hushed by what `quiet` was told: none of them depends on the stream
    // being read late enough (a booking's record is written before the booking's id is known).
    const written = await stream.read();
    expect(written.length).toBeGreaterThan(100);
    expect(written.filter((r) => !c.isHushed(r)).map(describeRecord), 'records of the past the consumers would read').toEqual([]);
    // A live write over an item the past wrote last (this month's earnings) is news all the same.
    const overPast = (now: string) => ({
      eventName: 'MODIFY' as const,
      dynamodb: { Keys: { pk: { S: 'EARNINGS#ALL' }, sk: { S: 'MONTH#2026-10' } }, NewImage: { lastCorrelationId: { S: now } }, OldImage: { lastCorrelationId: { S: PAST_CORRELATION_ID } } },
    });
    expect(c.isHushed(overPast('a-live-request'))).toBe(false);
    expect(c.isHushed(overPast(PAST_CORRELATION_ID))).toBe(true);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await outbox(), 'messages sent for the past').toBe(sentBefore);
    expect(await get('/settings/all')).toMatchObject({ appMode: settingsBefore.appMode, driverRadius: settingsBefore.driverRadius });

    // Both report months have paid trips (their profit may be below zero: promos cost the operator);
    // every played day the 30-day chart shows has figures.
    const month = earningsPeriods(end, settingsBefore.timeZone).month;
    const lastMonth = earningsPeriods(end - 2 * 86_400_000, settingsBefore.timeZone).month;
    expect(lastMonth).not.toBe(month);
    for (const m of [lastMonth, month]) {
      const report = await get<Report>(`/earnings/report?from=${m}&to=${m}`);
      expect(report.items.reduce((s, r) => s + r.bookings, 0), m).toBeGreaterThan(0);
      expect(report.items.reduce((s, r) => s + r.tripCost, 0), m).toBeGreaterThan(0);
    }
    const dash = await get<Dashboard>('/dashboard');
    const played = new Set(Array.from({ length: DAYS }, (_, d) => {
      const p = zonedParts(end - d * 86_400_000, ZONE);
      return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    }));
    const shown = dash.days.filter((d) => played.has(d.day));
    for (const d of shown) expect(d.paidBookings, d.day).toBeGreaterThan(0);
  }, 300_000);
});
