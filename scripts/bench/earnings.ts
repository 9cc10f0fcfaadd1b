import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../lambdas/src/adapters/dynamodb/client';
import { keys } from '../../lambdas/src/adapters/dynamodb/keys';
import type { LocalCloud } from '../../infra/local/cloud';
import { ddbHeaders, summarize, type Answer } from './report';

const DRIVERS = 200;
const MONTHS = 24;

/** The 24 months ending with this one (UTC), so the dashboard's today, month and 30 days hold data. */
const monthOf = (i: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1) + (i % MONTHS), 1)).toISOString().slice(0, 7);
};
/** A day of booking i's month, never after today. */
const dayOf = (i: number) => {
  const month = monthOf(i);
  const today = new Date().toISOString().slice(0, 10);
  const day = `${month}-${String(1 + (Math.floor(i / MONTHS) % 28)).padStart(2, '0')}`;
  return day > today ? today : day;
};

/**
 * Adds bookings `from..to-1` as PAID booking items (what a report that read bookings would have to
 * read) and adds them to the day, month and driver-month aggregates exactly as the PAID step does,
 * one ADD per aggregate item touched (summed here first, so 100k bookings do not take 600k writes).
 */
async function addPaidBookings(from: number, to: number, bookingItems: boolean) {
  const client = await documentClient();
  const sums = new Map<string, { key: { pk: string; sk: string }; extra: Record<string, unknown>; v: Record<string, number> }>();
  const add = (key: { pk: string; sk: string }, extra: Record<string, unknown>, v: Record<string, number>) => {
    const id = `${key.pk}|${key.sk}`;
    const s = sums.get(id) ?? { key, extra, v: Object.fromEntries(Object.keys(v).map((k) => [k, 0])) };
    for (const [k, n] of Object.entries(v)) s.v[k] = (s.v[k] ?? 0) + n;
    sums.set(id, s);
  };
  const items: Record<string, unknown>[] = [];
  for (let i = from; i < to; i++) {
    const month = monthOf(i);
    const driver = `bench-driver-${i % DRIVERS}`;
    const day = dayOf(i);
    const v = { tripCost: 1500, rideCost: 1350, convenienceFee: 150, discount: 0, driverShare: 1350, customerPaid: 1500, bookings: 1, feeBookings: 1 };
    if (bookingItems) items.push({ ...keys.booking(`BENCHEARN${i}`), id: `BENCHEARN${i}`, status: 'PAID', tripdate: Date.parse(`${day}T12:00:00Z`), driver, trip_cost: 1500, convenience_fees: 150, driver_share: 1350 });
    add(keys.earnings('ALL', `DAY#${day}`), { period: day }, v);
    add(keys.earnings('ALL', `MONTH#${month}`), { period: month }, v);
    add(keys.earnings('ALL', `DRIVER#${month}#${driver}`), { driverUid: driver, driverName: `Bench Driver ${i % DRIVERS}`, month }, v);
  }
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < batches.length) {
      let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await client.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  }));
  const updates = [...sums.values()];
  let u = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (u < updates.length) {
      const s = updates[u++]!;
      const fields = Object.keys(s.v);
      const extras = Object.keys(s.extra);
      await client.send(new UpdateCommand({
        TableName: tableName(), Key: s.key,
        UpdateExpression: `ADD ${fields.map((f) => `#${f} :${f}`).join(', ')} SET ${extras.map((e) => `#${e} = :${e}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries([...fields, ...extras].map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: { ...Object.fromEntries(fields.map((f) => [`:${f}`, s.v[f]])), ...Object.fromEntries(extras.map((e) => [`:${e}`, s.extra[e]])) },
      }));
    }
  }));
}

let written = 0;
/** How many bench paid bookings the table holds (sections share them, so a later, smaller size reads more). */
export const paidBookingsInTable = (): number => written;

/**
 * Makes the table hold `size` bench bookings' aggregates (sections share them: each is added
 * once), and the booking items too unless `bookingItems` is false (a read of aggregates only
 * never touches them, and 100k items take minutes to write here).
 */
export async function ensurePaidBookings(size: number, bookingItems = true): Promise<void> {
  if (size <= written) return;
  const t = performance.now();
  process.stdout.write(`  writing ${size - written} paid bookings' aggregates${bookingItems ? ' and the bookings' : ''}…`);
  await addPaidBookings(written, size, bookingItems);
  written = size;
  process.stdout.write(` ${Math.round((performance.now() - t) / 1000)} s\n`);
}

/**
 * The earnings report and the driver earnings of one month, read with `sizes` paid bookings in
 * the table (spread over 24 months and 200 drivers): DynamoDB calls, round trips and latency
 * should not move with the number of bookings (quality.md: reports read pre-aggregated items).
 */
export async function earningsBench(cloud: LocalCloud, admin: string, sizes: number[], repeats = 10) {
  const rows: ({ paidBookings: number; read: string; rowsAnswered: number } & ReturnType<typeof summarize>)[] = [];
  const measure = async (path: string) => {
    const runs: (Answer & { items: number })[] = [];
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      const res = await fetch(`${cloud.apiUrl}${path}`, { headers: { authorization: `Bearer ${admin}` } });
      const body = await res.json() as { items: unknown[] };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      runs.push({ status: res.status, body, ms: performance.now() - started, ...ddbHeaders(res.headers), items: body.items.length });
    }
    return { rows: runs[0]!.items, ...summarize(runs) };
  };
  for (const size of sizes) {
    await ensurePaidBookings(size);
    const month = monthOf(MONTHS - 1);
    for (const [name, path] of [['fetchEarningsReport (every month)', '/earnings/report'], [`fetchDriverEarnings (${month}, ${DRIVERS} drivers)`, `/earnings/drivers?from=${month}&to=${month}`]] as const) {
      const m = await measure(path);
      rows.push({ paidBookings: size, read: name, rowsAnswered: m.rows, ...m });
    }
  }
  return rows;
}
