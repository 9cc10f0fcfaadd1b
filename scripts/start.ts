import './quiet-env';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_CITY, REPO_ROOT, startLocalCloud, type LocalCloud } from '../infra/local/cloud';
import { playDemoHistory, type DemoHistorySummary } from '../infra/local/demo-history/play-history';
import { DEFAULT_DEMO_PASSWORD, demoUsers, seedDemoData } from '../infra/local/seed';
import { startFleet } from './simulate/fleet';

/**
 * `npm start`: the whole platform on this machine, on the embedded local cloud.
 * PORT (default 3000), DATA_DIR (default .data), DEMO_PASSWORD (default Demo1234), REBUILD_WEB=1,
 * DEMO_HISTORY_DAYS (default 60: the first start plays two months of past activity, today's before
 * the logins are printed and the days before in the background; 0 starts empty), DEMO_HISTORY_SEED (default 21).
 */
const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? join(REPO_ROOT, '.data'));
const password = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
/** A small simulated fleet near the demo city, so a newcomer can book at once; SIMULATED_DRIVERS=0 turns it off. */
const simulatedDrivers = Number(process.env.SIMULATED_DRIVERS ?? 8);
/** How fast the simulated drivers drive a trip, m/s (SIMULATED_SPEED; default 15, a brisk city drive). */
const simulatedSpeed = Number(process.env.SIMULATED_SPEED ?? 15);
/** Seconds between a simulated driver's location reports while not on a trip (SIMULATED_PING_SECONDS; default 4; on a trip at most 2). */
const simulatedPingSeconds = Number(process.env.SIMULATED_PING_SECONDS ?? 4);
/** Seconds a simulated driver looks at an offer before taking it, "min,max" (SIMULATED_THINK_SECONDS; default 2,5). */
const [thinkMin = 2, thinkMax = thinkMin] = (process.env.SIMULATED_THINK_SECONDS ?? '2,5').split(',').map(Number);
const simulatedThink: [number, number] = [thinkMin, thinkMax];
/**
 * Days of past activity the first start plays (DEMO_HISTORY_DAYS), and the seed that makes them.
 * A played booking costs some 30 DynamoDB Local round trips through the real use cases (10-100 ms
 * each, the most on a busy machine), so two months take minutes: only today is played before the
 * platform opens, the days before play beside it (see play-history.ts).
 */
const DEFAULT_HISTORY_DAYS = 60;
const historyDays = Math.max(0, Math.floor(Number(process.env.DEMO_HISTORY_DAYS ?? DEFAULT_HISTORY_DAYS)));
const historySeed = Number(process.env.DEMO_HISTORY_SEED ?? 21);
const step = (m: string) => console.log(`  • ${m} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

async function main() {
  console.log('Starting the ride platform locally');
  const webDist = join(REPO_ROOT, 'web', 'dist', 'index.html');
  if (!existsSync(webDist) || process.env.REBUILD_WEB === '1') {
    step('Building the web app (first start only; REBUILD_WEB=1 forces it)');
    const out = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (out.status !== 0) throw new Error('The web build failed');
  }
  const cloud = await startLocalCloud({
    port, dataDir, fixedPorts: true, step,
    // LOCAL_FUNCTIONS=deployed: each function from its bundle, in its own isolate, with its CDK environment.
    functions: process.env.LOCAL_FUNCTIONS === 'deployed' ? 'deployed' : 'in-process',
    log: process.env.VERBOSE ? (l) => console.log(`    ${l}`) : undefined,
    // Nothing can be texted or mailed from here: show it instead (also at /local/outbox).
    onMessage: (m) => { if (m.channel !== 'message') console.log(`  ✉ ${m.channel === 'sms' ? 'SMS' : m.channel === 'push' ? `Push (${m.platform})` : 'E-mail'} to ${m.channel === 'push' ? `${m.to.slice(0, 12)}…` : m.to}: ${m.message}`); },
  });
  const seeded = await seedDemoData({ password, step });
  if (!seeded.created) step('Demo data already present');
  // The demo's past, once per data directory. Today's part first, with the stream consumers paused:
  // a first visit finds today's figures, and nobody is pushed what the past did.
  const history = historyDays > 0 ? await cloud.quietly(() => playDemoHistory({ ...historyPlan(), part: 'recent' })) : undefined;
  if (history?.played) step(`Played today's history: ${told(history)}`);
  let fleet: Awaited<ReturnType<typeof startFleet>> | undefined;
  if (simulatedDrivers > 0) {
    step(`Putting ${simulatedDrivers} simulated drivers online near ${DEMO_CITY.name} (SIMULATED_DRIVERS=0 turns this off)`);
    fleet = await startFleet({
      siteUrl: cloud.url, drivers: simulatedDrivers, near: `${DEMO_CITY.center.lat},${DEMO_CITY.center.lng}`, adminPassword: password,
      tripSpeedMps: simulatedSpeed, thinkSeconds: simulatedThink, pingEverySeconds: simulatedPingSeconds,
    }).catch((e: Error) => { console.log(`  ! simulated drivers not started: ${e.message}`); return undefined; });
  }
  cloud.markReady();
  // The days before today play beside live traffic (their own riders and drivers, their stream
  // records kept from the consumers); a restart resumes them where a stop left them.
  const older = historyDays > 0 ? playOlderHistory(cloud) : undefined;

  const url = `http://localhost:${port}`;
  console.log(`
Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.

  Web app      ${url}
  REST API     ${url}/api   (OpenAPI: ${url}/openapi.json, health: ${url}/health)
  WebSocket    ws://localhost:${port}/ws
  Cognito      ${url}/cognito   (pool ${cloud.userPoolId})
  Outbox       ${url}/local/outbox   (SMS and e-mail codes, also printed here; messages to users)
  History      ${older ? `the days before today are playing in the background (${url}/local/demo-history)` : 'none (DEMO_HISTORY_DAYS=0)'}
  Drivers      ${fleet ? `${fleet.drivers().length} simulated drivers near ${DEMO_CITY.name} (npm run simulate for more)` : 'no simulated drivers'}
  Data         ${cloud.dataDir}

Demo logins (password: ${password}${process.env.DEMO_PASSWORD ? '' : ', set DEMO_PASSWORD before the first start to change it'}):
${demoUsers.map((u) => `  ${u.usertype.padEnd(10)} ${u.email}`).join('\n')}

Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    // Ctrl-C reaches DynamoDB Local too, so the platform may already be going: the simulated drivers
    // just stop (their index entries go stale within a minute) and come back online at the next start.
    await fleet?.stop({ goOffline: false }).catch(() => undefined);
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function historyPlan() {
  return { days: historyDays, seed: historySeed, end: Date.now(), password, step };
}

function told(h: DemoHistorySummary) {
  return `${h.bookings} bookings, ${h.paid} paid, ${h.cancelled} cancelled, ${h.unserved} unserved, ${h.withdrawals} withdrawals in ${(h.ms / 1000).toFixed(1)} s`
    + (h.failures ? ` (${h.failures} steps refused, first: ${h.firstFailure})` : '');
}

async function playOlderHistory(cloud: LocalCloud) {
  let shown = 0;
  try {
    const h = await playDemoHistory({
      ...historyPlan(), part: 'older', quiet: cloud.quiet,
      // Quietly, every tenth day: the console is the place for codes and messages.
      step: () => undefined,
      progress: (p) => {
        if (p.done || p.played - shown >= 10) { shown = p.played; step(`History in the background: ${p.played} of ${p.days} days played, ${p.bookings} bookings so far`); }
      },
    });
    if (h.played) step(`Played the days before today: ${told(h)}`);
  } catch (e) {
    step(`! the history stopped: ${(e as Error).message} (it resumes at the next start)`);
  } finally {
    // Once the stream readers have read past the history's last writes (they poll within 2 s).
    setTimeout(() => cloud.unquiet(), 10_000).unref();
  }
}

main().catch((e) => {
  console.error(`\nCould not start: ${(e as Error).message}`);
  process.exit(1);
});
