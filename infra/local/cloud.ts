import webpush from 'web-push';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { routes } from '../../shared/src/contract/routes';
import { tableDefinition } from '../../lambdas/src/adapters/dynamodb/table-definition';
import { startGateway } from './api-gateway';
import { startCognito } from './cognito';
import { customAuthEmulator } from './custom-auth';
import { createOutbox, outboxTap, type OutboxMessage } from './outbox';
import { startDynamo } from './dynamodb';
import { chooseLocalGeo } from './geo-provider';
import { assertPortFree, freePort } from './ports';
import { startJobRunner } from './job-runner';
import { startDailySchedules } from './daily-schedules';
import type { RuntimeConfigFile } from '../../shared/src/contract/runtime-config';
import { startS3 } from './s3';
import { type RetryRules, startStreamPoller } from './stream-poller';
import { FAN_OUT_RETRY, POSITIONS_RETRY } from '../constructs/stream-retries';
import { startDeployedFunctions, type DeployedFunctions } from './functions/deployed-mode';
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import type { Job } from '../../lambdas/src/ports/jobs';
import { CORRELATION_ATTRIBUTE, currentCorrelationId } from '../../lambdas/src/observability/correlation';

/** Where the demo happens: the simulated fleet drives here and the maps open here. */
export const DEMO_CITY = { name: 'San Francisco', center: { lat: 37.7749, lng: -122.4194 } } as const;

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const REGION = 'us-east-1';

export interface LocalCloudOptions {
  /** Public port (web, REST under /api, WebSocket at /ws). 0 picks a free one. */
  port: number;
  /** Where data lives across restarts; omitted means in memory (a temp dir removed on stop). */
  dataDir?: string;
  /** Internal ports follow the public one (PORT+1..3) when true; free ports otherwise. */
  fixedPorts?: boolean;
  step?: (message: string) => void;
  log?: (line: string) => void;
  webDir?: string;
  /** Called for every SMS or e-mail the platform would send (the start script prints them). */
  onMessage?: (m: OutboxMessage) => void;
  /**
   * How the REST and WebSocket functions run: imported into this process with one shared
   * environment (`in-process`, the default), or as deployed (`deployed`): each from its bundle,
   * built with CDK's options, in its own worker thread on the deployed Node major, with exactly the
   * environment the local stage's template gives it (`LOCAL_FUNCTIONS=deployed` for `npm start`).
   */
  functions?: 'in-process' | 'deployed';
}

export interface LocalCloud {
  url: string;
  apiUrl: string;
  wsUrl: string;
  cognitoEndpoint: string;
  cognitoDirectEndpoint: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  tableName: string;
  dataDir: string;
  /** What the local cloud's own clients sign with; the emulators refuse IAM calls signed otherwise. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Start-up is complete (demo data seeded…): /health answers 200 from now on. */
  markReady(): void;
  /**
   * Runs `work` with the table stream consumers and the timer runner stopped, then starts them
   * again from the stream's newest record: what `work` writes reaches no WebSocket topic, no push
   * and no SMS outbox, and it must run its own timers (the first-start history does).
   */
  quietly<T>(work: () => Promise<T>): Promise<T>;
  /**
   * From now on, stream records about `id` (a key segment or a top-level string of the item names
   * it) reach no consumer: the past, played beside live traffic, is not news. `unquiet` ends it.
   */
  quiet(id: string): void;
  unquiet(): void;
  /** Whether the consumers are kept from this stream record now (what `quiet` was told). */
  isHushed(record: _Record): boolean;
  /** The table's stream, for a test that reads what was written as the consumers do. */
  tableStream: { endpoint: string; arn: string };
  /** The functions of the deployed mode: their environments and start-up timings (absent in-process). */
  deployed?: DeployedFunctions;
  stop(): Promise<void>;
}

/**
 * Starts the whole platform on one machine: DynamoDB Local (+ stream poller), cognito-local, an S3
 * emulator and the API Gateway look-alike hosting the very same Lambda handlers as AWS.
 */
export async function startLocalCloud(opts: LocalCloudOptions): Promise<LocalCloud> {
  const step = opts.step ?? (() => undefined);
  const inMemory = !opts.dataDir;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : mkdtempSync(join(tmpdir(), 'ride-local-'));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    if (inMemory) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const fixed = opts.fixedPorts && opts.port > 0;
    const ports = fixed
      ? { web: opts.port, dynamo: opts.port + 1, cognito: opts.port + 2, s3: opts.port + 3 }
      : { web: opts.port, dynamo: await freePort(), cognito: await freePort(), s3: await freePort() };
    if (fixed) {
      step(`Checking ports ${ports.web}-${ports.s3}`);
      await assertPortFree(ports.web, 'web and API');
      await assertPortFree(ports.dynamo, 'DynamoDB Local');
      await assertPortFree(ports.cognito, 'Cognito emulator');
      await assertPortFree(ports.s3, 'S3 emulator');
    }

    const tableName = `${tableDefinition.baseName}-local`;
    step(inMemory ? 'Starting DynamoDB Local (in memory)' : `Starting DynamoDB Local (data in ${dataDir})`);
    const dynamo = await startDynamo({ port: ports.dynamo, dataDir: inMemory ? undefined : dataDir, tableName, region: REGION });
    stops.push(dynamo.stop);

    // The local cloud's own identity: its handlers and its own server-side calls sign with it, and
    // the Cognito and S3 emulators refuse what it did not sign, as AWS refuses an unsigned caller.
    const credentials = { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER' };
    const outbox = createOutbox(opts.onMessage);
    step('Starting the Cognito emulator');
    // Deployed mode: the functions are made once the gateway's address is known (their WebSocket
    // callback URL and the site's origin are in their environment); until then a call waits.
    let made: DeployedFunctions | undefined;
    let deployedReady: (d: Promise<DeployedFunctions>) => void = () => undefined;
    const deployedFunctions = new Promise<DeployedFunctions>((r) => { deployedReady = r; });
    deployedFunctions.catch(() => undefined);
    const functionFor = opts.functions === 'deployed'
      ? (entry: string) => (event: unknown, context: { awsRequestId?: string }) => deployedFunctions.then((d) => d.handlerFor(entry)(event, context)) as never
      : undefined;
    /**
     * A function the platform itself invokes (Cognito's triggers, the daily schedule): as deployed in
     * deployed mode, else its source, loaded when first invoked (the handlers read the environment set below).
     */
    const invoked = (entry: string) => async (event: Record<string, unknown> = {}) => (functionFor
      ? functionFor(entry)(event, {})
      : (await import(pathToFileURL(join(REPO_ROOT, entry)).href)).handler(event)) as Promise<never>;

    // Cognito's post-confirmation trigger: a password reset ends the user's sessions.
    const postConfirmation = invoked('lambdas/src/triggers/post-confirmation.ts');
    const cognito = await startCognito({ port: ports.cognito, dir: join(dataDir, 'cognito'), region: REGION, outbox, credentials, triggers: { PostConfirmation: postConfirmation } });
    stops.push(cognito.stop);

    step('Starting the S3 emulator');
    const bucket = 'ride-platform-uploads';
    const s3 = await startS3({ port: ports.s3, dir: dataDir, bucket, credentials });
    stops.push(s3.stop);

    // Read before the environment below replaces the caller's region and credentials.
    const geo = chooseLocalGeo(process.env);
    step(`Places and maps: ${geo.summary}`);
    // The handlers read their configuration from the environment, exactly as in Lambda.
    const env: Record<string, string> = {
      TABLE_NAME: tableName, AWS_REGION: REGION, DYNAMODB_ENDPOINT: dynamo.endpoint,
      USER_POOL_ID: cognito.userPoolId, USER_POOL_CLIENT_ID: cognito.userPoolClientId,
      COGNITO_ENDPOINT: cognito.endpoint, JWT_ISSUER: cognito.issuer,
      UPLOAD_BUCKET: bucket, S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_SERVICE_NAME: 'ride-platform-local',
      // Metrics are embedded-format lines on stdout that nothing collects here, and no X-Ray daemon
      // listens: both stay off unless asked for (POWERTOOLS_METRICS_DISABLED=false shows the metrics).
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      SMS_DELIVERY: 'outbox',
      EMAIL_DELIVERY: 'outbox',
      // No push service is reachable: what would be pushed to which device goes to the outbox too.
      PUSH_DELIVERY: 'outbox',
      // Except a browser subscribed to a push service on this machine (a browser test runs one):
      // that one gets real Web Push, encrypted and VAPID-signed as a deployment sends it.
      WEB_PUSH_LOOPBACK: 'on',
      // Amazon Location where the environment names it and can reach it (see geo-provider.ts);
      // nothing here can reach SQS or EventBridge Scheduler: their local stand-in.
      ...geo.env,
      JOB_DELIVERY: 'table',
      // No provider account exists here: the built-in test gateway plays every payment provider,
      // signing its confirmations with a key from the environment (no secret store either).
      PAYMENT_TEST_GATEWAY: 'on',
      SECRETS_SOURCE: 'env',
      TEST_GATEWAY_SECRET: process.env.TEST_GATEWAY_SECRET || randomBytes(32).toString('hex'),
      // Browsers subscribe to Web Push with a VAPID public key (most pushes stay in the outbox
      // here): a fresh pair per start unless one is given.
      WEB_PUSH_VAPID: process.env.WEB_PUSH_VAPID || JSON.stringify({ ...webpush.generateVAPIDKeys(), subject: 'mailto:push@example.com' }),
    };
    Object.assign(process.env, env);

    // The daily documents check and the custom sign-in challenge's triggers.
    const runDocumentChecks = invoked('lambdas/src/jobs/document-checks.ts');
    const customAuth = customAuthEmulator(cognito.services, {
      define: invoked('lambdas/src/triggers/define-auth-challenge.ts'), create: invoked('lambdas/src/triggers/create-auth-challenge.ts'),
      verify: invoked('lambdas/src/triggers/verify-auth-challenge.ts'),
    });

    step('Starting the API gateway (REST, WebSocket, web app)');
    let ready = false;
    const hushed = new Set<string>();
    const isHushed = (r: _Record) => hushed.size > 0 && mentionsAny(r, hushed);
    // The stream and timer readers idle slowly and are nudged after every call, which is when writes happen.
    let nudges: (() => void)[] = [];
    const gateway = await startGateway({
      isReady: () => ready,
      afterCall: () => { for (const nudge of nudges) nudge(); },
      port: ports.web, root: REPO_ROOT, routes, functionFor, cognitoEndpoint: cognito.endpoint, region: REGION, credentials,
      webDir: opts.webDir ?? join(REPO_ROOT, 'web', 'dist'),
      publicObjectsOrigin: `${s3.endpoint}/${bucket}`, uploadsOrigin: s3.endpoint,
      log: opts.log,
      cognitoInterceptor: (target, input) => customAuth.handle(target, input),
      // `document-checks` runs the daily documents check now, as its schedule would (a test, or an operator, need not wait a day).
      localRoutes: {
        outbox: () => ({ items: outbox.list() }), 'document-checks': () => runDocumentChecks(),
        // How far the first start's history has played (the marker it keeps in the table).
        'demo-history': async () => demoHistoryStatus(),
      },
      runtimeConfig: (origin): RuntimeConfigFile => ({
        apiUrl: `${origin}/api`, wsUrl: `${origin.replace(/^http/, 'ws')}/ws`, region: REGION,
        userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId,
        cognitoEndpoint: `${origin}/cognito`, authFlowType: 'USER_PASSWORD_AUTH',
        // Offline, the web draws a basemap of country shapes around the demo city.
        mapStyle: geo.mapStyle, ...(geo.places ? { places: geo.places } : {}), mapCenter: DEMO_CITY.center,
      }),
    });
    stops.push(gateway.stop);
    const publicPort = gateway.port;
    process.env.WS_CALLBACK_URL = `http://127.0.0.1:${publicPort}`;
    // Links sent by SMS (a parcel recipient's trip link) point at this machine's site.
    process.env.SITE_URL = `http://localhost:${publicPort}`;
    const { resetConfig } = await import('../../lambdas/src/config');
    resetConfig();
    if (opts.functions === 'deployed') {
      const deployed = startDeployedFunctions(REPO_ROOT, {
        region: REGION, origin: `http://127.0.0.1:${publicPort}`, siteOrigins: [process.env.SITE_URL, `http://127.0.0.1:${publicPort}`],
        tableName, streamArn: dynamo.streamArn, userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId, bucket,
        endpoints: { DYNAMODB: dynamo.endpoint, COGNITO_IDENTITY_PROVIDER: cognito.endpoint, S3: s3.endpoint },
        credentials,
        secretValues: { TEST_GATEWAY_SECRET_ARN: env.TEST_GATEWAY_SECRET!, WEB_PUSH_SECRET_ARN: env.WEB_PUSH_VAPID! },
        telemetry: { POWERTOOLS_LOG_LEVEL: env.POWERTOOLS_LOG_LEVEL!, POWERTOOLS_METRICS_DISABLED: env.POWERTOOLS_METRICS_DISABLED!, POWERTOOLS_TRACE_ENABLED: 'false' },
      }, step);
      deployedReady(deployed);
      made = await deployed;
      stops.push(made.stop);
      const t = made.timings;
      step(`Functions as deployed: synth ${t.synthMs} ms${t.synthCached ? ' (cached)' : ''}, bundles ${t.bundleMs} ms (${t.bundlesBuilt} built, ${t.bundlesReused} cached), host on Node ${t.hostMs} ms`);
    }

    // The stream consumers and the timer runner: started now, and stopped and started again
    // around `quietly` (first-start history), so what it writes fans out to nobody and pushes nothing.
    let background: (() => Promise<void>) | undefined;
    const startBackground = async () => {
      const stopsOfBackground: (() => Promise<void>)[] = [];
      step('Connecting the table stream to its consumer');
      // In deployed mode the consumers are the deployed functions, given the same stream events.
      const consumer = async (entry: string) => made
        ? made.handlerFor(entry)
        : (await import(pathToFileURL(join(REPO_ROOT, entry)).href)).handler as (event: unknown) => Promise<unknown>;
      const fanOut = await consumer('lambdas/src/streams/fan-out.ts');
      // A failed record is tried again as the deployed mapping says (the template's); the
      // functions run in this process have no template, and take the stack's settings as written.
      const retryRules = (entry: string, inProcess: RetryRules): RetryRules => made?.streamRetryOf(entry) ?? inProcess;
      // Driver state changes (pings) go only to the positions consumer, as the CDK filters say.
      const driverState = (r: { dynamodb?: { Keys?: Record<string, { S?: string }> } }) => r.dynamodb?.Keys?.sk?.S === 'DRIVER';
      const poller = startStreamPoller({
        endpoint: dynamo.endpoint, region: REGION, streamArn: dynamo.streamArn,
        handler: async (event) => { outboxTap(event, outbox); return fanOut(event) as never; },
        filter: (r) => !driverState(r) && !isHushed(r),
        idleIntervalMs: 1000,
        retry: retryRules('lambdas/src/streams/fan-out.ts', FAN_OUT_RETRY),
        onError: (e) => opts.log?.(`stream: ${(e as Error).message}`),
        onDiscard: (records, why) => opts.log?.(`stream: ${records.length} record(s) given up (${why}), as the failure queue would get them`),
      });
      await poller.ready;
      stopsOfBackground.push(poller.stop);
      // The dashboard map's positions: a second reader of the same stream every ~2 s (the batching
      // window), draining what has gathered into one batch per tick.
      const positions = await consumer('lambdas/src/streams/driver-positions.ts');
      const positionsPoller = startStreamPoller({
        endpoint: dynamo.endpoint, region: REGION, streamArn: dynamo.streamArn,
        handler: positions as never, filter: (r) => driverState(r) && !isHushed(r), drain: true, maxBatch: 1000,
        intervalMs: Number(process.env.POSITIONS_BATCH_MS ?? 2000),
        retry: retryRules('lambdas/src/streams/driver-positions.ts', POSITIONS_RETRY),
        onError: (e) => opts.log?.(`positions: ${(e as Error).message}`),
        onDiscard: (records, why) => opts.log?.(`positions: ${records.length} record(s) given up (${why})`),
      });
      await positionsPoller.ready;
      stopsOfBackground.push(positionsPoller.stop);

      step('Starting the timer jobs runner (dispatch rounds, Book Later)');
      const { runJob } = await import(pathToFileURL(join(REPO_ROOT, 'lambdas/src/jobs/run-job.ts')).href) as typeof import('../../lambdas/src/jobs/run-job');
      // A job's writes (a dispatch round's offers) reach the stream reader at once, as a call's do.
      // Deployed: the jobs queue's consumer, given the job as SQS delivers it (the scheduling request's
      // correlation id in the body, as the AWS queue adapter writes it); a failed record is retried.
      const dispatchJobs = made ? made.handlerFor('lambdas/src/jobs/dispatch-jobs.ts') : undefined;
      const run = dispatchJobs
        ? async (job: Job) => {
          const messageId = randomUUID();
          const out = await dispatchJobs({ Records: [{ messageId, body: JSON.stringify({ ...job, correlationId: currentCorrelationId() }), eventSource: 'aws:sqs', attributes: {}, messageAttributes: {} }] }) as { batchItemFailures?: unknown[] };
          if (out?.batchItemFailures?.length) throw new Error(`job ${job.kind} failed in the jobs consumer`);
        }
        : runJob;
      const jobs = startJobRunner({ run: (job) => run(job).finally(poller.nudge), onError: (e) => opts.log?.(`job: ${(e as Error).message}`) });
      stopsOfBackground.push(jobs.stop);
      // The daily schedules (EventBridge Scheduler in AWS) run on this process's clock.
      const daily = startDailySchedules({ run: runDocumentChecks, onError: (e) => opts.log?.(`document checks: ${(e as Error).message}`) });
      stopsOfBackground.push(daily.stop);
      nudges = [poller.nudge, jobs.nudge];
      background = async () => {
        nudges = [];
        for (const s of stopsOfBackground.reverse()) await s().catch(() => undefined);
      };
    };
    await startBackground();
    stops.push(async () => { await background?.(); });
    // The gazetteer takes a second to index: do it now rather than on the first place search.
    void import('../../lambdas/src/adapters/geo/offline-geo').then((m) => m.loadGazetteer()).catch(() => undefined);

    const url = `http://127.0.0.1:${publicPort}`;
    return {
      url, apiUrl: `${url}/api`, wsUrl: `ws://127.0.0.1:${publicPort}/ws`, cognitoEndpoint: `${url}/cognito`,
      cognitoDirectEndpoint: cognito.endpoint, region: REGION,
      userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId, tableName, dataDir, credentials,
      deployed: made,
      markReady: () => { ready = true; },
      quiet: (id) => { hushed.add(id); },
      unquiet: () => { hushed.clear(); },
      isHushed,
      tableStream: { endpoint: dynamo.endpoint, arn: dynamo.streamArn },
      quietly: async (work) => {
        step('Pausing the stream consumers and the timer runner');
        await background?.();
        background = undefined;
        try {
          return await work();
        } finally {
          // Pollers start from the stream's LATEST record: what `work` wrote is never fanned out.
          await startBackground();
        }
      },
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/**
 * Whether a stream record's keys (split at `#`) or its item's top-level strings name one of `ids`.
 * The writer's correlation id counts on the new image only: a live write over an item the past
 * wrote last (this month's earnings, a promo) is news.
 */
function mentionsAny(r: _Record, ids: Set<string>): boolean {
  const d = r.dynamodb;
  for (const k of [d?.Keys?.pk?.S, d?.Keys?.sk?.S]) if (k && k.split('#').some((part) => ids.has(part))) return true;
  for (const image of [d?.NewImage, d?.OldImage]) {
    for (const [name, v] of Object.entries(image ?? {})) {
      if (name === CORRELATION_ATTRIBUTE && image === d?.OldImage && d?.NewImage) continue;
      if (v?.S !== undefined && ids.has(v.S)) return true;
    }
  }
  return false;
}

/** The first start's history as its marker item tells it: none, playing (how far) or done. */
async function demoHistoryStatus() {
  const [{ table }, { keys }] = await Promise.all([import('../../lambdas/src/adapters/dynamodb/repository'), import('../../lambdas/src/adapters/dynamodb/keys')]);
  const m = await table.get<{ status?: string; days?: number; end?: number; started?: number[]; bookings?: number }>(keys.demoHistory(), { consistent: true });
  if (!m) return { status: 'none' };
  return {
    status: m.status, days: m.days, end: m.end === undefined ? undefined : new Date(m.end).toISOString(),
    played: m.started?.filter((n) => n < (m.days ?? 0)).length, bookings: m.bookings,
  };
}
