import '../quiet-env';
import { GetItemCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { REPO_ROOT, startLocalCloud } from '../../infra/local/cloud';
import { seedDemoData } from '../../infra/local/seed';
import { firstRouteSizes, lambdaBundleSizes, webChunkSizes } from './bundles';
import { dispatchLatencyBench, localCloudMemory, nearbySearchBench, presenceLoadBench } from './dispatch';
import { load, loadFn, type LoadResult } from './load';
import { dashboardReadBench, fanOutLatencyBench, mapRateBench } from './dashboard';
import { earningsBench } from './earnings';
import { paymentsBench } from './payments';
import { pingToRiderBench, tripStepsBench } from './trips';

/**
 * `npm run bench`: numbers, not assertions. Starts the local cloud in memory on 127.0.0.1 and
 * prints round trips per request, throughput and latency next to a raw DynamoDB Local call, and
 * the bundle sizes. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the load.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const list = (v: string | undefined, d: number[]) => (v ? v.split(',').map(Number).filter((n) => n > 0) : d);
/** BENCH_NEARBY=1000,10000,100000 (drivers in the geo index); BENCH_FLEETS=50,100,200,400 (pinging drivers). */
const nearbySizes = list(process.env.BENCH_NEARBY, [1000, 10_000, 100_000]);
const fleets = list(process.env.BENCH_FLEETS, [50, 100, 200, 400]);
const dispatchBookings = Number(process.env.BENCH_BOOKINGS ?? 100);
/** BENCH_TRIPS whole trips for the lifecycle table; BENCH_PINGS pings for the ping-to-rider latency. */
const benchTrips = Number(process.env.BENCH_TRIPS ?? 10);
const benchPings = Number(process.env.BENCH_PINGS ?? 100);
/**
 * BENCH_ONLY=dashboard (or a comma list: roundtrips, dispatch, trips, payments, earnings,
 * dashboard, nearby, load, presence, bundles) runs those sections alone; unset runs them all.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const only = (section: string) => !ONLY?.length || ONLY.includes(section);

async function main() {
  console.log('Starting the local cloud in memory…');
  const cloud = await startLocalCloud({ port: 0 });
  try {
    await seedDemoData({ password: 'Bench1234' });
    cloud.markReady();
    const cognito = new CognitoIdentityProviderClient({ region: cloud.region, endpoint: cloud.cognitoDirectEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const signIn = async (email: string) => (await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: 'Bench1234' } }))).AuthenticationResult!.IdToken!;
    const token = await signIn('rider1@example.com');
    const admin = await signIn('admin@example.com');
    const driver = await signIn('driver1@example.com');
    const authz = { authorization: `Bearer ${token}` };
    const idle = localCloudMemory();
    const raw = new DynamoDBClient({ region: cloud.region, endpoint: process.env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const json = (t: string, method: string, body?: unknown): RequestInit => ({ method, headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const call = async (t: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${cloud.apiUrl}${path}`, json(t, method, body));
      return { status: res.status, body: await res.json() as any, roundTrips: Number(res.headers.get('x-ddb-round-trips')), calls: Number(res.headers.get('x-ddb-calls')) };
    };
    const riderId = (await call(token, 'GET', '/me')).body.id;
    const driverId = (await call(driver, 'GET', '/me')).body.id;
    const SF = { lat: 37.7749, lng: -122.4194, add: 'San Francisco' };
    const OAK = { lat: 37.8044, lng: -122.2712, add: 'Oakland' };
    const choice = { pickup: SF, drop: OAK, carTypeId: 'economy' };
    const trip = { ...choice, instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' } };

    if (only('roundtrips')) {
      console.log('\nDynamoDB round trips per request (x-ddb-round-trips)');
      const calls: [string, string, RequestInit][] = [
        ['GET /health', '/health', {}],
        ['GET /settings (fetchSettings)', '/settings', {}],
        ['GET /cartypes (fetchCarTypes)', '/cartypes', {}],
        ['GET /languages (getLanguages)', '/languages', {}],
        ['GET /me (fetchUser)', '/me', { headers: authz }],
        ['PATCH /me (updateProfile)', '/me', { method: 'PATCH', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Rita', lastName: 'Rider' }) }],
      ];
      const roundTrips = await Promise.all(calls.map(async ([name, path, init]) => {
        const res = await fetch(`${cloud.apiUrl}${path}`, init);
        return { request: name, status: res.status, roundTrips: Number(res.headers.get('x-ddb-round-trips')), calls: Number(res.headers.get('x-ddb-calls')) };
      }));
      // Booking and dispatch, in the order a trip is made. Sequential waves (parallel calls count once) and all calls.
      const row = (request: string, r: { status: number; roundTrips: number; calls: number }) => roundTrips.push({ request, status: r.status, roundTrips: r.roundTrips, calls: r.calls });
      await call(driver, 'POST', '/drivers/me/location', { lat: 37.7751, lng: -122.4190 });
      row('PUT /drivers/me/availability (online)', await call(driver, 'PUT', '/drivers/me/availability', { online: true }));
      row('POST /drivers/me/location (ping, same cell)', await call(driver, 'POST', '/drivers/me/location', { lat: 37.7752, lng: -122.4191 }));
      row('POST /bookings/estimate (getEstimate; + route call)', await call(token, 'POST', '/bookings/estimate', choice));
      const booked = await call(admin, 'POST', '/bookings', { ...trip, bookLater: false, riderId });
      row('POST /bookings (addBooking, Book Now, offers)', booked);
      row('POST /bookings (addBooking, Book Later)', await call(token, 'POST', '/bookings', { ...trip, bookLater: true, tripdate: Date.now() + 3600_000 }));
      row('GET /drivers/me/offers (fetchOffers)', await call(driver, 'GET', '/drivers/me/offers'));
      row('GET /bookings (fetchBookings, rider)', await call(token, 'GET', '/bookings?limit=25'));
      row('GET /bookings/{id} (fetchBooking)', await call(admin, 'GET', `/bookings/${booked.body.id}`));
      row('POST /bookings/{id}/cancel (cancelBooking)', await call(admin, 'POST', `/bookings/${booked.body.id}/cancel`, { reason: 'bench' }));
      const settings = await call(admin, 'GET', '/settings/all');
      const { version, ...form } = settings.body;
      await call(admin, 'PUT', '/settings', { version, settings: { ...form, autoDispatch: false } });
      const manual = await call(admin, 'POST', '/bookings', { ...trip, bookLater: false, riderId });
      row('GET /bookings/{id}/assignable-drivers', await call(admin, 'GET', `/bookings/${manual.body.id}/assignable-drivers`));
      row('POST /bookings/{id}/assign (assignDriver)', await call(admin, 'POST', `/bookings/${manual.body.id}/assign`, { driverId }));
      const again = await call(admin, 'GET', '/settings/all');
      const { version: v2, ...form2 } = again.body;
      await call(admin, 'PUT', '/settings', { version: v2, settings: { ...form2, autoDispatch: true } });
      console.table(roundTrips);
    }

    if (only('dispatch')) {
      console.log(`\nDispatch latency: addBooking's response to the offer event on the driver's WebSocket (${dispatchBookings} Book Now bookings)`);
      console.table([await dispatchLatencyBench(cloud, { admin, driver, riderId, driverId }, dispatchBookings)]);
    }

    const tripTokens = { admin, driver, rider: token, riderId, driverId };
    if (only('trips')) {
      console.log(`\nThe trip, step by step (${benchTrips} trips from accept to COMPLETE; medians)`);
      console.table(await tripStepsBench(cloud, tripTokens, benchTrips));
      console.log(`\nA driver's ping to the rider's WebSocket (tracking/<id> event with the point; ${benchPings} pings)`);
      console.table([await pingToRiderBench(cloud, tripTokens, benchPings)]);
    }

    if (only('payments')) {
      const benchPayments = Number(process.env.BENCH_PAYMENTS ?? 10);
      console.log(`\nMoney: checkout, the provider's confirmation, promos, admin credits, withdrawals (${benchPayments} rounds; medians)`);
      console.table(await paymentsBench(cloud, tripTokens, benchPayments));
    }

    if (only('earnings')) {
      const earningSizes = list(process.env.BENCH_EARNINGS, [100, 100_000]);
      console.log(`\nEarnings reports read with ${earningSizes.join(' and ')} paid bookings in the table (the aggregates only)`);
      console.table(await earningsBench(cloud, admin, earningSizes));
    }

    if (only('dashboard')) {
      const dashboardSizes = list(process.env.BENCH_DASHBOARD, [100, 100_000]);
      console.log(`\nDashboard cards read with ${dashboardSizes.join(' and ')} paid bookings in the table (the day and month aggregates only)`);
      console.table(await dashboardReadBench(cloud, admin, dashboardSizes));
      const fanOutSizes = list(process.env.BENCH_FANOUT, [1, 100, 1000]);
      console.log(`\nOne booking change fanned out to ${fanOutSizes.join(', ')} subscribers of bookings/all (from sending the REST call to the event on each socket)`);
      console.table(await fanOutLatencyBench(cloud, call, { admin, riderId }, fanOutSizes));
      const mapDrivers = list(process.env.BENCH_MAP_DRIVERS, [200, 1000]);
      console.log(`\nThe live map: ${mapDrivers.join(' and ')} drivers pinging every 4 s, positions per viewer (drivers/all and one fleet's topic)`);
      const mapRows: Record<string, unknown>[] = [];
      for (const n of mapDrivers) mapRows.push(...await mapRateBench(cloud, admin, n, Number(process.env.BENCH_MAP_SECONDS ?? 20)));
      console.table(mapRows);
    }
    if (only('nearby')) {
      console.log(`\nNearby search in the geo index vs listing every driver (drivers spread over 300 cities, 10 km searches)`);
      console.table(await nearbySearchBench(nearbySizes));
    }

    if (only('load')) {
      console.log(`\nLoad on 127.0.0.1 (${seconds} s each, ${connections} connections)`);
      const rows: LoadResult[] = [];
      rows.push(await loadFn('raw DynamoDB Local GetItem', () => raw.send(new GetItemCommand({ TableName: cloud.tableName, Key: { pk: { S: 'SETTINGS' }, sk: { S: 'APP' } } })), { seconds, concurrency: connections }));
      rows.push(await load('GET /api/cartypes', { url: `${cloud.apiUrl}/cartypes`, seconds, connections }));
      rows.push(await load('GET /api/me (JWT verified)', { url: `${cloud.apiUrl}/me`, headers: authz, seconds, connections }));
      rows.push(await load('PATCH /api/me', { url: `${cloud.apiUrl}/me`, method: 'PATCH', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Rita', lastName: 'Rider' }), seconds, connections }));
      rows.push(await load('POST /api/bookings/estimate', { url: `${cloud.apiUrl}/bookings/estimate`, method: 'POST', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify(choice), seconds, connections }));
      rows.push(await load('POST /api/drivers/me/location (ping)', { url: `${cloud.apiUrl}/drivers/me/location`, method: 'POST', headers: { authorization: `Bearer ${driver}`, 'content-type': 'application/json' }, body: JSON.stringify({ lat: 37.7752, lng: -122.4191 }), seconds, connections }));
      let n = 0;
      rows.push(await loadFn('raw DynamoDB Local PutItem', () => raw.send(new PutItemCommand({ TableName: cloud.tableName, Item: { pk: { S: 'BENCHWRITE' }, sk: { S: String(n++ % 1000) }, v: { N: String(n) } } })), { seconds, concurrency: connections }));
      console.table(rows.map((r) => ({ operation: r.name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors, non2xx: r.non2xx })));
    }

    if (only('presence')) {
      console.log('\nPresence load: simulated drivers pinging every 4 s (until ping p99 passes 250 ms); memory of the local cloud');
      console.table([{ drivers: 0, 'pings/s': 0, ...idle, note: 'idle, after start-up' }, ...(await presenceLoadBench(cloud, 'Bench1234', fleets, seconds * 2))]);
    }

    if (only('bundles')) {
      console.log('\nLambda bundles (esbuild, ESM, minified; AWS SDK v3 from the runtime, as CDK bundles them)');
      console.table((await lambdaBundleSizes(REPO_ROOT)).map((r) => ({ lambda: r.name, size: kb(r.bytes), gzip: kb(r.gzip) })));

      console.log('\nWeb chunks (largest first)');
      console.table(webChunkSizes(REPO_ROOT).slice(0, 12).map((r) => ({ chunk: r.name, size: kb(r.bytes), gzip: kb(r.gzip) })));

      const first = firstRouteSizes(REPO_ROOT);
      console.log(`\nFirst route (index.html's script, modulepreloads and stylesheets, and their static imports): JS ${kb(first.jsGzip)} gzip, CSS ${kb(first.cssGzip)} gzip`);
      console.table([...first.js, ...first.css].map((r) => ({ file: r.name, size: kb(r.bytes), gzip: kb(r.gzip) })));
    }
    raw.destroy();
    cognito.destroy();
  } finally {
    await cloud.stop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
