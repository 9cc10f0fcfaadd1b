import '../quiet-env';
import './env';
import { GetItemCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { REPO_ROOT, startLocalCloud } from '../../infra/local/cloud';
import { seedDemoData } from '../../infra/local/seed';
import { firstRouteSizes, LAMBDA_BUNDLE_GOALS, lambdaBundles, webChunkSizes } from './bundles';
import { dispatchLatencyBench, localCloudMemory, nearbySearchBench, presenceLoadBench } from './dispatch';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { load, loadFn, type LoadResult } from './load';
import { dashboardReadBench, fanOutLatencyBench, mapRateBench } from './dashboard';
import { earningsBench } from './earnings';
import { iamGuardBench } from './iam-guard';
import { everyOperationBench } from './operations';
import { paymentsBench } from './payments';
import { ddbHeaders, kb, Report, summarize, type Answer, type Row } from './report';
import { pingToRiderBench, tripStepsBench } from './trips';

/**
 * `npm run bench`: numbers, not assertions. Starts the local cloud in memory on 127.0.0.1, runs
 * the sections and prints every measurement as a row of one markdown table at the end (also
 * written to BENCH_REPORT, default test-results/bench-report.md). BENCH_SECONDS (default 5) and
 * BENCH_CONNECTIONS (default 10) tune the load; BENCH_OPERATION_REPEATS (default 3) how often each
 * operation of the contract is sent.
 */
const PASSWORD = 'Bench1234';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const opRepeats = Number(process.env.BENCH_OPERATION_REPEATS ?? 3);
const reportFile = process.env.BENCH_REPORT ?? join(REPO_ROOT, 'test-results', 'bench-report.md');
const list = (v: string | undefined, d: number[]) => (v ? v.split(',').map(Number).filter((n) => n > 0) : d);
/** BENCH_NEARBY=1000,10000,100000 (drivers in the geo index); BENCH_FLEETS=50,100,200,400 (pinging drivers). */
const nearbySizes = list(process.env.BENCH_NEARBY, [1000, 10_000, 100_000]);
const fleets = list(process.env.BENCH_FLEETS, [50, 100, 200, 400]);
const dispatchBookings = Number(process.env.BENCH_BOOKINGS ?? 100);
/** BENCH_TRIPS whole trips for the lifecycle table; BENCH_PINGS pings for the ping-to-rider latency. */
const benchTrips = Number(process.env.BENCH_TRIPS ?? 10);
const benchPings = Number(process.env.BENCH_PINGS ?? 100);
const benchPayments = Number(process.env.BENCH_PAYMENTS ?? 10);
const earningSizes = list(process.env.BENCH_EARNINGS, [100, 100_000]);
const dashboardSizes = list(process.env.BENCH_DASHBOARD, [100, 100_000]);
const fanOutSizes = list(process.env.BENCH_FANOUT, [1, 100, 1000]);
const mapDrivers = list(process.env.BENCH_MAP_DRIVERS, [200, 1000]);
const mapSeconds = Number(process.env.BENCH_MAP_SECONDS ?? 20);
/** BENCH_IMPORT_REPEATS: fresh Node processes per Lambda bundle for its import CPU (median); CI takes 1. */
const importRepeats = Number(process.env.BENCH_IMPORT_REPEATS ?? 3);
/** BENCH_LAMBDAS=fetchChat,ws-connect measures only those bundles (default: every one). */
const onlyLambdas = process.env.BENCH_LAMBDAS?.split(',').map((s) => s.trim()).filter(Boolean);
/**
 * BENCH_ONLY=dashboard (or a comma list: roundtrips, dispatch, trips, payments, earnings,
 * dashboard, iam, nearby, load, presence, bundles) runs those sections alone; unset runs them all.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const only = (section: string) => !ONLY?.length || ONLY.includes(section);

async function main() {
  const benchStarted = performance.now();
  const report = new Report();
  const durations: Row[] = [];
  const failed: string[] = [];
  console.log('Starting the local cloud in memory…');
  const cloud = await startLocalCloud({ port: 0 });
  try {
    await seedDemoData({ password: PASSWORD });
    cloud.markReady();
    const cognito = new CognitoIdentityProviderClient({ region: cloud.region, endpoint: cloud.cognitoDirectEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const signIn = async (email: string) => (await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: PASSWORD } }))).AuthenticationResult!.IdToken!;
    const token = await signIn('rider1@example.com');
    const admin = await signIn('admin@example.com');
    const driver = await signIn('driver1@example.com');
    const authz = { authorization: `Bearer ${token}` };
    const idle = localCloudMemory();
    const raw = new DynamoDBClient({ region: cloud.region, endpoint: process.env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const json = (t: string, method: string, body?: unknown): RequestInit => ({ method, headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const call = async (t: string, method: string, path: string, body?: unknown): Promise<Answer> => {
      const started = performance.now();
      const res = await fetch(`${cloud.apiUrl}${path}`, json(t, method, body));
      const answer = await res.json() as any;
      return { status: res.status, body: answer, ms: performance.now() - started, ...ddbHeaders(res.headers) };
    };
    const riderId = (await call(token, 'GET', '/me')).body.id;
    const driverId = (await call(driver, 'GET', '/me')).body.id;
    const SF = { lat: 37.7749, lng: -122.4194, add: 'San Francisco' };
    const OAK = { lat: 37.8044, lng: -122.2712, add: 'Oakland' };
    const choice = { pickup: SF, drop: OAK, carTypeId: 'economy' };
    const trip = { ...choice, instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' } };

    const tripTokens = { admin, driver, rider: token, riderId, driverId };
    const section = async (name: string, what: string, fn: () => Promise<void>) => {
      if (!only(name)) return;
      console.log(`\n${what}…`);
      const started = performance.now();
      let failure = '';
      try {
        await fn();
      } catch (e) {
        // One section failing leaves the others' numbers: the report says which and why.
        failure = `, failed: ${(e as Error).message.slice(0, 160)}`;
        failed.push(name);
        console.error(e);
      }
      const took = (performance.now() - started) / 1000;
      console.log(`  ${name}: ${took.toFixed(1)} s${failure}`);
      durations.push({ area: 'bench', measurement: `section ${name}`, value: `${took.toFixed(1)} s${failure}` });
    };

    await section('roundtrips', `Every operation of the contract with its sample request (${opRepeats} each): round trips, time inside DynamoDB`, async () => {
      report.add(...await everyOperationBench(cloud, PASSWORD, opRepeats, tripTokens));
      // The dispatch paths the samples do not take (Book Now with offers, assignment with auto-dispatch off).
      const rows: Row[] = [];
      const row = (measurement: string, r: Answer) => rows.push({ area: 'round trips', measurement, size: `status ${r.status}, n=1`, ...summarize([r]), p99: undefined });
      await call(driver, 'POST', '/drivers/me/location', { lat: 37.7751, lng: -122.4190 });
      row('setDriverAvailability (online, by a driver in the demo city)', await call(driver, 'PUT', '/drivers/me/availability', { online: true }));
      row('updateDriverLocation (ping, same cell)', await call(driver, 'POST', '/drivers/me/location', { lat: 37.7752, lng: -122.4191 }));
      const booked = await call(admin, 'POST', '/bookings', { ...trip, bookLater: false, riderId });
      row('addBooking (Book Now, offers sent)', booked);
      row('addBooking (Book Later)', await call(token, 'POST', '/bookings', { ...trip, bookLater: true, tripdate: Date.now() + 3600_000 }));
      row('fetchOffers (one offer)', await call(driver, 'GET', '/drivers/me/offers'));
      row('cancelBooking (offered booking)', await call(admin, 'POST', `/bookings/${booked.body.id}/cancel`, { reason: 'bench' }));
      const settings = await call(admin, 'GET', '/settings/all');
      const { version, ...form } = settings.body;
      await call(admin, 'PUT', '/settings', { version, settings: { ...form, autoDispatch: false } });
      const manual = await call(admin, 'POST', '/bookings', { ...trip, bookLater: false, riderId });
      row('fetchAssignableDrivers (auto-dispatch off)', await call(admin, 'GET', `/bookings/${manual.body.id}/assignable-drivers`));
      row('assignDriver (auto-dispatch off)', await call(admin, 'POST', `/bookings/${manual.body.id}/assign`, { driverId }));
      const again = await call(admin, 'GET', '/settings/all');
      const { version: v2, ...form2 } = again.body;
      await call(admin, 'PUT', '/settings', { version: v2, settings: { ...form2, autoDispatch: true } });
      report.add(...rows);
    });

    await section('dispatch', `Dispatch latency: addBooking's response to the offer event on the driver's WebSocket (${dispatchBookings} Book Now bookings)`, async () => {
      const d = await dispatchLatencyBench(cloud, { admin, driver, riderId, driverId }, dispatchBookings);
      report.add({ area: 'dispatch', measurement: 'addBooking answered → offer event on the driver\'s socket', size: `${d.bookings} bookings`, p50: d['p50 ms'], p99: d['p99 ms'], value: `${d.delivered} delivered, max ${d['max ms']} ms` });
    });

    await section('trips', `The trip, step by step (${benchTrips} trips from accept to COMPLETE) and a ping to the rider (${benchPings} pings)`, async () => {
      for (const s of await tripStepsBench(cloud, tripTokens, benchTrips)) {
        const { step, operationId: _, n, ...numbers } = s;
        report.add({ area: 'trip steps', measurement: step, size: `${n} trips`, ...numbers });
      }
      const p = await pingToRiderBench(cloud, tripTokens, benchPings);
      report.add({ area: 'trip steps', measurement: 'driver\'s ping → tracking event on the rider\'s socket', size: `${p.pings} pings`, p50: p['p50 ms'], p99: p['p99 ms'], value: `${p.delivered} delivered, max ${p['max ms']} ms` });
    });

    await section('payments', `Money: checkout, the provider's confirmation, promos, admin credits, withdrawals (${benchPayments} rounds)`, async () => {
      for (const s of await paymentsBench(cloud, tripTokens, benchPayments)) {
        const { operation, operationId: _, n, ...numbers } = s;
        report.add({ area: 'money', measurement: operation, size: `${n} rounds`, ...numbers });
      }
    });

    await section('earnings', `Earnings reports read with ${earningSizes.join(' and ')} paid bookings in the table (the aggregates only)`, async () => {
      for (const r of await earningsBench(cloud, admin, earningSizes)) {
        const { paidBookings, read, rowsAnswered, ...numbers } = r;
        report.add({ area: 'earnings', measurement: read, size: `${paidBookings} paid bookings`, ...numbers, value: `${rowsAnswered} rows answered` });
      }
    });

    await section('dashboard', `Dashboard cards (${dashboardSizes.join(', ')} paid bookings), fan-out to ${fanOutSizes.join(', ')} subscribers, the live map with ${mapDrivers.join(', ')} drivers`, async () => {
      for (const r of await dashboardReadBench(cloud, admin, dashboardSizes)) {
        const { paidBookings, totalCount, daysWithData, ...numbers } = r;
        report.add({ area: 'dashboard', measurement: 'fetchDashboard (cards, 30 days)', size: `${paidBookings} paid bookings`, ...numbers, value: `total ${totalCount}, ${daysWithData} of 30 days with data` });
      }
      for (const r of await fanOutLatencyBench(cloud, call, { admin, riderId }, fanOutSizes)) {
        report.add({
          area: 'fan-out', measurement: 'addBooking sent → event on every bookings/all socket', size: `${r.subscribers} subscribers`,
          p50: r['event p50 ms'] as number, p99: r['event p99 ms'] as number,
          value: `${r.deliveries} deliveries, ${r.missing} missing, REST p50 ${r['REST p50 ms']} ms, max ${r['max ms']} ms`,
        });
      }
      for (const n of mapDrivers) {
        for (const r of await mapRateBench(cloud, admin, n, mapSeconds)) {
          report.add({
            area: 'live map', measurement: `positions to ${r.viewer}`, size: `${r.drivers} drivers, ${r['pings/s']} pings/s`, p99: r['ping p99 ms'],
            value: `${r['messages/s per viewer']} messages/s, ${r['positions per message']} positions/message, p50 gap ${r['p50 gap ms']} ms, ${r.errors} errors`,
          });
        }
      }
    });

    await section('iam', "IAM in the deployed mode: judging a function's AWS calls by its role (addBooking's)", async () => {
      report.add(...await iamGuardBench());
    });

    await section('nearby', `Nearby search in the geo index vs listing every driver (${nearbySizes.join(', ')} drivers over 300 cities, 10 km searches)`, async () => {
      for (const r of await nearbySearchBench(nearbySizes)) {
        report.add({
          area: 'nearby search', measurement: 'geo index, 10 km around a city', size: `${r.drivers} drivers`, roundTrips: r['round trips'] as number,
          calls: r['queries / search (parallel, 1 round trip)'] as number, p50: r['p50 ms'] as number, p99: r['p99 ms'] as number,
          inside: r['inside DynamoDB ms'] as number, outside: Math.max(0, Math.round(((r['p50 ms'] as number) - (r['inside DynamoDB ms'] as number)) * 10) / 10),
          value: `${r['items read / search']} items read (${r['items vs listing']} of listing all), ${r['found / search']} found`,
        });
        report.add({ area: 'nearby search', measurement: 'listing all drivers (the original product)', size: `${r.drivers} drivers`, p50: r['listing all: ms'] as number, value: `${r['listing all: items']} items read` });
      }
    });

    await section('load', `Load on 127.0.0.1 (${seconds} s each, ${connections} connections)`, async () => {
      const rows: LoadResult[] = [];
      rows.push(await loadFn('raw DynamoDB Local GetItem', () => raw.send(new GetItemCommand({ TableName: cloud.tableName, Key: { pk: { S: 'SETTINGS' }, sk: { S: 'APP' } } })), { seconds, concurrency: connections }));
      rows.push(await load('GET /api/cartypes', { url: `${cloud.apiUrl}/cartypes`, seconds, connections }));
      rows.push(await load('GET /api/me (JWT verified)', { url: `${cloud.apiUrl}/me`, headers: authz, seconds, connections }));
      rows.push(await load('PATCH /api/me', { url: `${cloud.apiUrl}/me`, method: 'PATCH', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Rita', lastName: 'Rider' }), seconds, connections }));
      rows.push(await load('POST /api/bookings/estimate', { url: `${cloud.apiUrl}/bookings/estimate`, method: 'POST', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify(choice), seconds, connections }));
      rows.push(await load('POST /api/drivers/me/location (ping)', { url: `${cloud.apiUrl}/drivers/me/location`, method: 'POST', headers: { authorization: `Bearer ${driver}`, 'content-type': 'application/json' }, body: JSON.stringify({ lat: 37.7752, lng: -122.4191 }), seconds, connections }));
      let n = 0;
      rows.push(await loadFn('raw DynamoDB Local PutItem', () => raw.send(new PutItemCommand({ TableName: cloud.tableName, Item: { pk: { S: 'BENCHWRITE' }, sk: { S: String(n++ % 1000) }, v: { N: String(n) } } })), { seconds, concurrency: connections }));
      for (const r of rows) report.add({ area: 'load', measurement: r.name, size: `${connections} connections, ${seconds} s`, p50: r.p50, p99: r.p99, value: `${r.rps} req/s, ${r.errors} errors, ${r.non2xx} non-2xx` });
    });

    await section('presence', `Presence load: simulated drivers pinging every 4 s (${fleets.join(', ')}; until ping p99 passes 250 ms)`, async () => {
      report.add({ area: 'presence', measurement: 'local cloud memory, idle after start-up', size: '0 drivers', value: `node ${idle['node MB']} MB, DynamoDB Local ${idle['DynamoDB Local MB']} MB` });
      for (const r of await presenceLoadBench(cloud, PASSWORD, fleets, seconds * 2)) {
        report.add({ area: 'presence', measurement: 'simulated drivers pinging every 4 s', size: `${r.drivers} drivers`, p50: r['p50 ms'] as number, p99: r['p99 ms'] as number, value: `${r['pings/s']} pings/s, ${r.errors} errors, node ${r['node MB']} MB, DynamoDB Local ${r['DynamoDB Local MB']} MB` });
      }
    });

    await section('bundles', `Lambda bundles (esbuild, ESM, minified; AWS SDK v3 from the runtime), the CPU of importing each in a fresh Node (median of ${importRepeats}) against an empty ES module, and the web's first route`, async () => {
      const { rows: lambdas, emptyMs, repeats } = await lambdaBundles(REPO_ROOT, { repeats: importRepeats, only: onlyLambdas });
      const goals = `goals: at most ${LAMBDA_BUNDLE_GOALS.maxBytes / 1024} KB, import at most ${LAMBDA_BUNDLE_GOALS.maxImportRatio}x the empty module`;
      const describe = (r: (typeof lambdas)[number]) => `${kb(r.gzip)} gzip, import ${r.importMs.toFixed(0)} ms CPU, ${r.ratio.toFixed(2)}x${r.over.length ? `, OVER: ${r.over.join(', ')}` : ''}`;
      report.add({ area: 'lambda import', measurement: 'empty ES module (the base of every ratio)', size: `median of ${Math.max(3, repeats)}`, value: `${emptyMs.toFixed(0)} ms CPU` });
      const bySize = [...lambdas].sort((a, b) => b.bytes - a.bytes);
      const byRatio = [...lambdas].sort((a, b) => b.ratio - a.ratio);
      const over = lambdas.filter((r) => r.over.length);
      report.add({ area: 'lambda bundle', measurement: `bundles over the goals (${goals})`, size: `${lambdas.length} bundles`, value: over.length ? `${over.length}: ${over.map((r) => r.name).join(', ')}` : 'none' });
      bySize.slice(0, 5).forEach((r, i) => report.add({ area: 'lambda bundle', measurement: `worst size #${i + 1}: ${r.name}`, size: kb(r.bytes), value: describe(r) }));
      byRatio.slice(0, 5).forEach((r, i) => report.add({ area: 'lambda import', measurement: `worst import #${i + 1}: ${r.name}`, size: kb(r.bytes), value: describe(r) }));
      for (const r of bySize) report.add({ area: 'lambda bundle', measurement: r.name, size: kb(r.bytes), value: describe(r) });
      const first = firstRouteSizes(REPO_ROOT);
      report.add({ area: 'web', measurement: 'first route JS (entry, modulepreloads, static imports)', size: `${first.js.length} files`, value: `${kb(first.jsGzip)} gzip` });
      report.add({ area: 'web', measurement: 'first route CSS', size: `${first.css.length} files`, value: `${kb(first.cssGzip)} gzip` });
      for (const r of webChunkSizes(REPO_ROOT).slice(0, 5)) report.add({ area: 'web', measurement: `chunk ${r.name} (largest)`, size: kb(r.bytes), value: `${kb(r.gzip)} gzip` });
    });
    raw.destroy();
    cognito.destroy();
  } finally {
    await cloud.stop();
    durations.push({ area: 'bench', measurement: 'whole run (start-up, seeding, sections)', value: `${((performance.now() - benchStarted) / 1000).toFixed(1)} s` });
    report.add(...durations);
    const heading = `Benchmark on 127.0.0.1, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (${ONLY?.length ? `sections ${ONLY.join(', ')}` : 'every section'}; numbers from a shared machine are noisy)`;
    report.write(reportFile, heading);
    console.log(`\n${heading}\n\n${report.markdown()}\n(also in ${reportFile})`);
  }
  if (failed.length) throw new Error(`sections failed: ${failed.join(', ')}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
