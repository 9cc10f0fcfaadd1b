import './quiet-env';
import { parseArgs } from 'node:util';
import { DEFAULT_DEMO_PASSWORD } from '../infra/local/seed';
import { startFleet } from './simulate/fleet';

/**
 * `npm run simulate -- --drivers 50 --near "Oakland"`: simulated drivers go online around a place
 * of a running platform (default http://localhost:3000), ping every few seconds, take the offers
 * they get and drive the trips to PAID (--no-trips keeps them idle); Ctrl-C takes them offline. Accounts are made by the demo admin on first use and reused afterwards.
 */
const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '10' },
    near: { type: 'string', default: 'San Francisco' },
    url: { type: 'string', default: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
    every: { type: 'string', default: '4' },
    spread: { type: 'string', default: '4' },
    'no-trips': { type: 'boolean', default: false },
  },
});

async function main() {
  const target = Number(values.drivers);
  console.log(`Simulating ${target} drivers near ${values.near} on ${values.url} (Ctrl-C to stop)`);
  const fleet = await startFleet({
    siteUrl: values.url!, drivers: target, near: values.near!, adminPassword: process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    pingEverySeconds: Number(values.every), spreadKm: Number(values.spread),
    playTrips: !values['no-trips'],
    onProgress: (p) => process.stdout.write(`\r  ${p.online}/${p.target} online · ${p.onTrip} on a trip · ${p.tripsDone} trips done · ${p.pings} pings · p50 ${p.p50.toFixed(0)} ms · p99 ${p.p99.toFixed(0)} ms · ${p.errors} errors${p.lastError ? ` (last: ${p.lastError})` : ''}   `),
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nTaking the drivers offline…\n');
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`\nCould not simulate: ${(e as Error).message}`);
  process.exit(1);
});
