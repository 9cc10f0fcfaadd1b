import '../quiet-env';
import { GetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { REPO_ROOT, startLocalCloud } from '../../infra/local/cloud';
import { seedDemoData } from '../../infra/local/seed';
import { lambdaBundleSizes, webChunkSizes } from './bundles';
import { load, loadFn, type LoadResult } from './load';

/**
 * `npm run bench`: numbers, not assertions. Starts the local cloud in memory on 127.0.0.1 and
 * prints round trips per request, throughput and latency next to a raw DynamoDB Local call, and
 * the bundle sizes. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the load.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  console.log('Starting the local cloud in memory…');
  const cloud = await startLocalCloud({ port: 0 });
  try {
    await seedDemoData({ password: 'Bench1234' });
    const cognito = new CognitoIdentityProviderClient({ region: cloud.region, endpoint: cloud.cognitoDirectEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.userPoolClientId, AuthParameters: { USERNAME: 'rider1@example.com', PASSWORD: 'Bench1234' } }));
    const token = auth.AuthenticationResult!.IdToken!;
    const authz = { authorization: `Bearer ${token}` };

    console.log('\nDynamoDB round trips per request (x-ddb-round-trips)');
    const calls: [string, string, RequestInit][] = [
      ['GET /health', '/health', {}],
      ['GET /settings (fetchSettings)', '/settings', {}],
      ['GET /cartypes (fetchCarTypes)', '/cartypes', {}],
      ['GET /languages (getLanguages)', '/languages', {}],
      ['GET /me (fetchUser)', '/me', { headers: authz }],
      ['PATCH /me (updateProfile)', '/me', { method: 'PATCH', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Rita', lastName: 'Rider' }) }],
    ];
    console.table(await Promise.all(calls.map(async ([name, path, init]) => {
      const res = await fetch(`${cloud.apiUrl}${path}`, init);
      return { request: name, status: res.status, roundTrips: Number(res.headers.get('x-ddb-round-trips')) };
    })));

    console.log(`\nLoad on 127.0.0.1 (${seconds} s each, ${connections} connections)`);
    const raw = new DynamoDBClient({ region: cloud.region, endpoint: process.env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const rows: LoadResult[] = [];
    rows.push(await loadFn('raw DynamoDB Local GetItem', () => raw.send(new GetItemCommand({ TableName: cloud.tableName, Key: { pk: { S: 'SETTINGS' }, sk: { S: 'APP' } } })), { seconds, concurrency: connections }));
    rows.push(await load('GET /api/cartypes', { url: `${cloud.apiUrl}/cartypes`, seconds, connections }));
    rows.push(await load('GET /api/me (JWT verified)', { url: `${cloud.apiUrl}/me`, headers: authz, seconds, connections }));
    rows.push(await load('PATCH /api/me', { url: `${cloud.apiUrl}/me`, method: 'PATCH', headers: { ...authz, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Rita', lastName: 'Rider' }), seconds, connections }));
    console.table(rows.map((r) => ({ operation: r.name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors, non2xx: r.non2xx })));

    console.log('\nLambda bundles (esbuild, ESM, minified; AWS SDK v3 from the runtime, as CDK bundles them)');
    console.table((await lambdaBundleSizes(REPO_ROOT)).map((r) => ({ lambda: r.name, size: kb(r.bytes), gzip: kb(r.gzip) })));

    console.log('\nWeb chunks (largest first)');
    console.table(webChunkSizes(REPO_ROOT).slice(0, 12).map((r) => ({ chunk: r.name, size: kb(r.bytes), gzip: kb(r.gzip) })));
    raw.destroy();
    cognito.destroy();
  } finally {
    await cloud.stop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
