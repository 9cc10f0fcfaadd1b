import './quiet-env';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRange } from '../infra/local/ports';

/**
 * `npm run test:e2e`: `npm start` on a fresh data dir and a free port, then the Playwright tests
 * in tests/e2e against it (or the files named, or those taken from E2E_QUEUE), in Debian's
 * Chromium. Screenshots land in test-results/screenshots.
 */
/**
 * E2E_QUEUE: a folder of `*.path` files, each naming one test file. Several runs (each with its own
 * platform) share it and take files from it one at a time, in name order, until none is left: CI
 * starts a second run once the rest of `npm test` has finished, so the browser tests end sooner.
 */
const queue = process.env.E2E_QUEUE;
const waiting = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.path')).sort();

/** Runs each test file it takes from the queue; the worst exit status of them. */
function drainQueue(dir: string, run: (file: string) => number): number {
  let status = 0;
  for (let next = waiting(dir)[0]; next; next = waiting(dir)[0]) {
    const taken = join(dir, `${next}.taken-${process.pid}`);
    try {
      renameSync(join(dir, next), taken); // atomic: of two runs reaching for a file, one gets it
    } catch {
      continue;
    }
    status = Math.max(status, run(readFileSync(taken, 'utf8').trim()));
  }
  return status;
}

async function main() {
  if (queue && waiting(queue).length === 0) {
    console.log('e2e: every file in the queue was taken already');
    process.exit(0);
  }
  const port = Number(process.env.E2E_PORT ?? (await freePortRange(4)));
  const dataDir = mkdtempSync(join(tmpdir(), 'ride-e2e-'));
  // A session signed in through the login form once is reused by later files (tests/e2e/support/identity.ts).
  const sessionDir = mkdtempSync(join(tmpdir(), 'ride-e2e-sessions-'));
  console.log(`e2e: starting the platform on port ${port} (data in a fresh temp dir)`);
  const app = spawn('npx', ['tsx', 'scripts/start.ts'], {
    // Simulated drivers take an offer at once (no seconds of thought) and drive fast enough for a
    // whole trip to fit in a test, yet not so fast that a trip ends before the rider's browser has
    // chatted and looked at it (the trip test does that while the driver comes). Between trips they
    // report their place every 10 s rather than 4 (still well inside the 60 s a location stays
    // fresh for dispatch): the pings of an idle fleet only load the machine the browser runs on,
    // and offers reach the simulated drivers by WebSocket, not with the pings.
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, REBUILD_WEB: process.env.REBUILD_WEB ?? '0',
      SIMULATED_SPEED: process.env.SIMULATED_SPEED ?? '150',
      SIMULATED_THINK_SECONDS: process.env.SIMULATED_THINK_SECONDS ?? '0.2,0.6',
      SIMULATED_PING_SECONDS: process.env.SIMULATED_PING_SECONDS ?? '10',
      // No first-start history unless a run asks for one (DEMO_HISTORY_DAYS=3 for
      // tests/e2e/demo-history.test.ts): the other tests count on the seeded data alone.
      DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after 180 s:\n${output}`)), 180_000);
    app.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      process.stdout.write(d);
      if (output.includes('Press Ctrl-C to stop.')) { clearTimeout(timer); resolve(); }
    });
    app.once('exit', (code) => { clearTimeout(timer); reject(new Error(`npm start exited with ${code}`)); });
  });

  let status = 1;
  try {
    await ready;
    const env = { ...process.env, E2E_URL: `http://localhost:${port}`, E2E_SESSION_DIR: sessionDir };
    const vitest = (files: string[]) => spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...files], { stdio: 'inherit', env }).status ?? 1;
    status = queue ? drainQueue(queue, (file) => vitest([file])) : vitest(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
  } finally {
    // A clean stop takes a moment (the fleet, then the emulators); whatever is left after 5 s is killed.
    const exited = app.exitCode !== null || app.signalCode !== null ? Promise.resolve() : new Promise((r) => app.once('exit', r));
    try { process.kill(-app.pid!, 'SIGINT'); } catch { /* already gone */ }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    try { process.kill(-app.pid!, 'SIGKILL'); } catch { /* already gone */ }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(sessionDir, { recursive: true, force: true });
  }
  process.exit(status);
}

main();
