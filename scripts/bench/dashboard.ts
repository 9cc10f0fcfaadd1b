import WebSocket from 'ws';
import type { LocalCloud } from '../../infra/local/cloud';
import { ensurePaidBookings, paidBookingsInTable } from './earnings';
import { ddbHeaders, summarize, type Answer } from './report';

type Call = (token: string, method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * (a) The dashboard cards read with `sizes` paid bookings in the table (their day, month and
 * driver-month aggregates written as the PAID step writes them): DynamoDB calls and round trips
 * should not move with the number of bookings, only with months and the 30 days shown.
 */
export async function dashboardReadBench(cloud: LocalCloud, admin: string, sizes: number[], repeats = 10) {
  const rows: ({ paidBookings: number; totalCount: number; daysWithData: number } & ReturnType<typeof summarize>)[] = [];
  for (const size of sizes) {
    await ensurePaidBookings(size, false);
    const runs: (Answer & { days: number; total: number })[] = [];
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      const res = await fetch(`${cloud.apiUrl}/dashboard`, { headers: { authorization: `Bearer ${admin}` } });
      const body = await res.json() as { days: { paidBookings: number }[]; total: { paidBookings: number } };
      if (res.status !== 200) throw new Error(`/dashboard: ${res.status} ${JSON.stringify(body)}`);
      runs.push({
        status: res.status, body, ms: performance.now() - started, ...ddbHeaders(res.headers),
        days: body.days.filter((d) => d.paidBookings > 0).length, total: body.total.paidBookings,
      });
    }
    rows.push({ paidBookings: paidBookingsInTable(), totalCount: runs[0]!.total, daysWithData: runs[0]!.days, ...summarize(runs) });
  }
  return rows;
}

/** `count` sockets signed in with `token`, each subscribed to `topic`. */
async function subscribers(cloud: LocalCloud, token: string, topic: string, count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(25, count) }, async () => {
    while (next < count) {
      next += 1;
      const ws = new WebSocket(`${cloud.wsUrl}?token=${encodeURIComponent(token)}`);
      await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
      const ok = new Promise<void>((resolve, reject) => {
        ws.on('message', function onMessage(raw) {
          const m = JSON.parse(raw.toString());
          if (m.type === 'subscribed') { ws.off('message', onMessage); resolve(); }
          if (m.type === 'error') reject(new Error(m.code));
        });
      });
      ws.send(JSON.stringify({ action: 'subscribe', topic }));
      await ok;
      sockets.push(ws);
    }
  }));
  return sockets;
}

/**
 * (b) One booking change fanned out to N subscribers of `bookings/all`: from sending the REST call
 * that makes the change (a Book Later booking) to its event on each socket (p50, p99 over every
 * delivery of `changes` changes). The local stream poller reads every 200 ms.
 */
export async function fanOutLatencyBench(cloud: LocalCloud, call: Call, t: { admin: string; riderId: string }, sizes: number[], changes = 3) {
  const rows: Record<string, unknown>[] = [];
  const open: WebSocket[] = [];
  try {
    for (const size of sizes) {
      process.stdout.write(`  ${size} subscribers: connecting…`);
      const started = performance.now();
      open.push(...await subscribers(cloud, t.admin, 'bookings/all', size - open.length));
      process.stdout.write(` ${Math.round((performance.now() - started) / 1000)} s\n`);
      const latencies: number[] = [];
      let missing = 0;
      const rest: number[] = [];
      for (let c = 0; c < changes; c++) {
        // Every socket's first event per booking id: the change is known by its id only once answered.
        const seen = new Map<WebSocket, Map<string, number>>();
        const listeners = open.map((ws) => {
          const mine = new Map<string, number>();
          seen.set(ws, mine);
          const on = (raw: WebSocket.RawData) => {
            const m = JSON.parse(raw.toString());
            if (m.type === 'event' && m.topic === 'bookings/all' && m.id && !mine.has(m.id)) mine.set(m.id, performance.now());
          };
          ws.on('message', on);
          return () => ws.off('message', on);
        });
        const sent = performance.now();
        const res = await call(t.admin, 'POST', '/bookings', {
          pickup: { lat: 37.7749, lng: -122.4194, add: 'San Francisco' }, drop: { lat: 37.8044, lng: -122.2712, add: 'Oakland' }, carTypeId: 'economy',
          instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' }, bookLater: true, tripdate: Date.now() + 3 * 3600_000, riderId: t.riderId,
        });
        rest.push(performance.now() - sent);
        if (res.status !== 201) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
        const id = res.body.id as string;
        const arrived = () => [...seen.values()].filter((m) => m.has(id)).length;
        const deadline = Date.now() + 15_000;
        while (arrived() < open.length && Date.now() < deadline) await pause(20);
        listeners.forEach((off) => off());
        missing += open.length - arrived();
        latencies.push(...[...seen.values()].flatMap((m) => (m.has(id) ? [m.get(id)! - sent] : [])));
        await pause(500);
      }
      const sorted = latencies.sort((a, b) => a - b);
      rows.push({
        subscribers: size, deliveries: sorted.length, missing, 'REST p50 ms': Math.round(pct(rest.sort((a, b) => a - b), 0.5)),
        'event p50 ms': Math.round(pct(sorted, 0.5)), 'event p99 ms': Math.round(pct(sorted, 0.99)), 'max ms': Math.round(sorted.at(-1) ?? 0),
      });
    }
  } finally {
    for (const ws of open) ws.close();
  }
  return rows;
}

/**
 * (c) The live map's message rate: `drivers` simulated drivers pinging every `everyMs` (half of
 * them in one fleet), written through the presence repository in-process (the same one conditional
 * write per ping as the REST route, without the HTTP hop); one admin viewer on `drivers/all` and
 * one on that fleet's topic count messages per second and positions per message.
 */
export async function mapRateBench(cloud: LocalCloud, admin: string, drivers: number, seconds: number, everyMs = 4000) {
  const { presenceRepository } = await import('../../lambdas/src/adapters/dynamodb/presence-repository');
  const fleet = 'benchmapfleet';
  const profiles = Array.from({ length: drivers }, (_, i) => ({
    id: `benchmap-${i}`, usertype: 'driver', approved: true, driverActiveStatus: true, queue: false,
    firstName: 'Map', lastName: `Driver ${i}`, carType: 'Economy', vehicleNumber: `MAP-${i}`, ...(i % 2 ? { fleetadmin: fleet } : {}),
  })) as never[] as Parameters<typeof presenceRepository.ping>[0][];
  const points = profiles.map(() => ({ lat: -23.55 + (Math.random() - 0.5) * 0.2, lng: -46.63 + (Math.random() - 0.5) * 0.2 }));
  const [all, ofFleet] = [(await subscribers(cloud, admin, 'drivers/all', 1))[0]!, (await subscribers(cloud, admin, `drivers/fleet/${fleet}`, 1))[0]!];
  let counting = false;
  const counters = new Map<WebSocket, { messages: number; positions: number; maxPositions: number; gaps: number[]; last?: number }>();
  for (const ws of [all, ofFleet]) {
    const c = { messages: 0, positions: 0, maxPositions: 0, gaps: [] as number[], last: undefined as number | undefined };
    counters.set(ws, c);
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type !== 'positions' || !counting) return;
      const now = performance.now();
      if (c.last !== undefined) c.gaps.push(now - c.last);
      c.last = now;
      c.messages += 1;
      c.positions += m.drivers.length;
      c.maxPositions = Math.max(c.maxPositions, m.drivers.length);
    });
  }
  let stop = false;
  let pings = 0;
  let errors = 0;
  const pingLatencies: number[] = [];
  // Each driver pings every `everyMs`, starting at a random offset, moving a little each time.
  const loops = profiles.map(async (p, i) => {
    await pause(Math.random() * everyMs);
    while (!stop) {
      const started = performance.now();
      points[i] = { lat: points[i]!.lat + (Math.random() - 0.5) * 0.001, lng: points[i]!.lng + (Math.random() - 0.5) * 0.001 };
      try {
        await presenceRepository.ping(p, points[i]!, Date.now());
        if (counting) { pings += 1; pingLatencies.push(performance.now() - started); }
      } catch {
        errors += 1;
      }
      await pause(Math.max(0, everyMs - (performance.now() - started)));
    }
  });
  // Warm up a full ping period (every driver online on the roster), then count.
  await pause(everyMs + 2000);
  counting = true;
  const t0 = performance.now();
  await pause(seconds * 1000);
  counting = false;
  const elapsed = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(loops);
  all.close();
  ofFleet.close();
  const sortedPings = pingLatencies.sort((a, b) => a - b);
  return [...counters].map(([ws, c]) => {
    const gaps = c.gaps.sort((a, b) => a - b);
    return {
      viewer: ws === all ? 'admin on drivers/all' : `admin on drivers/fleet/<fleet> (${drivers / 2} drivers)`,
      drivers, 'pings/s': Math.round(pings / elapsed), 'ping p99 ms': Math.round(pct(sortedPings, 0.99)), errors,
      'messages/s per viewer': Number((c.messages / elapsed).toFixed(2)),
      'positions per message': c.messages ? Math.round(c.positions / c.messages) : 0,
      'max positions': c.maxPositions,
      'p50 gap ms': Math.round(pct(gaps, 0.5)),
      'pings per message': c.messages ? Math.round((ws === all ? pings : pings / 2) / c.messages) : 0,
    };
  });
}
