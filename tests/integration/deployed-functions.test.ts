import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/api-gateway';
import { REPO_ROOT, startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { bundleFunctions } from '../../infra/local/functions/bundle-cache';
import { startFunctionHost, type FunctionHost } from '../../infra/local/functions/function-host';
import type { AnyRoute } from '../../shared/src/contract/route';

/**
 * The local cloud's deployed mode fails as AWS fails: each function runs from its bundle in its own
 * environment, so a variable its configuration lacks is absent (even when the local cloud's own
 * process has it), and a bundle that cannot load is a failed invocation the gateway answers with 502.
 */
const FIXTURES = 'tests/integration/fixtures/functions';
const route = (operationId: string, path: string) => ({ method: 'GET', path, operationId, area: 'fixtures', auth: 'public' }) as unknown as AnyRoute;
const ENTRIES: Record<string, string> = {
  'lambdas/src/http/fixtures/reads-env.ts': `${FIXTURES}/reads-env.ts`,
  'lambdas/src/http/fixtures/cannot-load.ts': `${FIXTURES}/cannot-load.ts`,
};

describe('functions as deployed', () => {
  let host: FunctionHost;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const cacheDir = mkdtempSync(join(tmpdir(), 'bundles-'));

  beforeAll(async () => {
    const bundles = await bundleFunctions(REPO_ROOT, Object.values(ENTRIES), cacheDir);
    host = await startFunctionHost({ root: REPO_ROOT, runtime: 'nodejs22.x', cacheDir: join(cacheDir, 'host') });
    // The local cloud's own process has it; the function's configuration does not.
    process.env.PARENT_ONLY = 'the local cloud has it';
    gateway = await startGateway({
      port: 0, root: REPO_ROOT, routes: [route('readsEnv', '/reads-env'), route('cannotLoad', '/cannot-load')],
      cognitoEndpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      runtimeConfig: () => ({}) as never,
      functionFor: (entry) => {
        const spec = { name: entry, bundle: bundles.files.get(ENTRIES[entry]!)!, environment: { AWS_REGION: 'us-east-1' }, timeoutSeconds: 5, memoryMb: 256 };
        return (event) => host.invoke(spec, event) as never;
      },
    });
  });
  afterAll(async () => {
    delete process.env.PARENT_ONLY;
    await gateway?.stop();
    await host?.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('runs the functions on the Node major they are deployed with', () => {
    expect(host.node.split('.')[0]).toBe('22');
  });

  it('gives a function only its own environment: a variable it was not given is absent, whatever the local cloud has', async () => {
    const res = await fetch(`${gateway.url}/api/reads-env`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ present: false, value: null, region: 'us-east-1' });
  });

  it('answers a function whose bundle cannot load as API Gateway answers a failed Lambda: 502', async () => {
    const res = await fetch(`${gateway.url}/api/cannot-load`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    // What Lambda reports for it.
    const failure = await host.invoke({ name: 'cannot-load', bundle: (await bundleFunctions(REPO_ROOT, [`${FIXTURES}/cannot-load.ts`], cacheDir)).files.get(`${FIXTURES}/cannot-load.ts`)!, environment: {}, timeoutSeconds: 5, memoryMb: 256 }, {})
      .then(() => undefined, (e: { errorType: string; message: string }) => e);
    expect(failure?.errorType).toBe('Runtime.ImportModuleError');
    expect(failure?.message).toContain('@aws-sdk/client-not-in-the-runtime');
  });
});

const HEALTH = 'lambdas/src/http/system/get-health.ts';

describe('the local cloud in deployed mode', () => {
  let cloud: LocalCloud;
  beforeAll(async () => {
    cloud = await startLocalCloud({ port: 0, functions: 'deployed' });
    const { seedDemoData } = await import('../../infra/local/seed');
    await seedDemoData({ password: 'Demo1234' });
    cloud.markReady();
  });
  afterAll(async () => {
    await cloud?.stop();
  });

  it("gives each function its template's environment, resolved to the local resources, and what the runtime sets", () => {
    const env = cloud.deployed!.environmentOf('lambdas/src/http/users/fetch-user.ts');
    expect(env).toMatchObject({
      TABLE_NAME: cloud.tableName, USER_POOL_ID: cloud.userPoolId, USER_POOL_CLIENT_ID: cloud.userPoolClientId,
      WS_CALLBACK_URL: `${cloud.url}/ws`, SMS_DELIVERY: 'outbox', JOB_DELIVERY: 'table', AWS_REGION: cloud.region,
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cloud.cognitoDirectEndpoint,
    });
    expect(env.AWS_LAMBDA_FUNCTION_NAME).toMatch(/^FetchUser/);
    expect(env.SITE_ORIGINS?.split(',')).toContain(cloud.url);
    expect(env.WEB_PUSH_SECRET_ARN).toMatch(/^arn:aws:secretsmanager:/);
    // What only the in-process mode sets, and the local cloud's own process still has: not the function's.
    for (const name of ['DYNAMODB_ENDPOINT', 'JWT_ISSUER', 'TEST_GATEWAY_SECRET', 'WEB_PUSH_VAPID', 'SECRETS_SOURCE']) {
      expect(process.env[name], name).toBeDefined();
      expect(env, name).not.toHaveProperty(name);
    }
  });

  it('invokes its own functions as deployed too: Cognito\'s triggers and the daily documents check', async () => {
    const entries = cloud.deployed!.functions.map((f) => f.entry);
    for (const entry of ['lambdas/src/triggers/post-confirmation.ts', 'lambdas/src/triggers/define-auth-challenge.ts', 'lambdas/src/jobs/document-checks.ts']) {
      expect(entries, entry).toContain(entry);
    }
    const res = await fetch(`${cloud.url}/local/document-checks`);
    expect(res.status).toBe(200);
    expect(cloud.deployed!.invocationsOf('lambdas/src/jobs/document-checks.ts')).toBeGreaterThan(0);
  });

  it('serves the OpenAPI document the contract makes, put into its bundle when it was built', async () => {
    const { buildOpenApi } = await import('../../shared/src/contract/openapi');
    const { OPENAPI_INFO } = await import('../../shared/src/contract/openapi-document');
    const { routes } = await import('../../shared/src/contract/routes');
    const res = await fetch(`${cloud.apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const { servers: _servers, ...served } = await res.json() as Record<string, unknown>;
    expect(served).toEqual(buildOpenApi(routes, OPENAPI_INFO));
  });

  it('answers a route through its deployed function, which reaches the table at the endpoint the runtime gives it', async () => {
    const res = await fetch(`${cloud.apiUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', table: 'ok' });
  });

  it("judges each function's AWS calls by its own role, read from the synthesized app", () => {
    const iam = cloud.deployed!.iamOf(HEALTH);
    expect(iam.principal).toMatch(/^arn:aws:sts::000000000000:assumed-role\/GetHealthRole\w+\/GetHealth\w+$/);
    const statements = iam.policies.flatMap((p) => (p.policy as { Statement: { Action: string | string[]; Resource: string | string[] }[] }).Statement);
    const getItem = statements.find((s) => [s.Action].flat().includes('dynamodb:GetItem'));
    // The grant names the local table: its intrinsics are resolved to the local resources.
    expect([getItem?.Resource].flat()).toContain(`arn:aws:dynamodb:${cloud.region}:000000000000:table/${cloud.tableName}`);
  });

  it('refuses a call its role does not allow as AWS does: AccessDeniedException, with AWS\'s message, and the route fails', async () => {
    const restore = cloud.deployed!.withoutGrant(HEALTH, 'dynamodb:GetItem');
    try {
      const before = cloud.deployed!.accessDenied.length;
      const res = await fetch(`${cloud.apiUrl}/health`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
      const denied = cloud.deployed!.accessDenied.slice(before);
      const { principal } = cloud.deployed!.iamOf(HEALTH);
      const table = `arn:aws:dynamodb:${cloud.region}:000000000000:table/${cloud.tableName}`;
      expect(denied).toEqual([{
        fn: expect.stringMatching(/^GetHealth/),
        denial: {
          action: 'dynamodb:GetItem', resource: table, errorCode: 'AccessDeniedException',
          errorMessage: `User: ${principal} is not authorized to perform: dynamodb:GetItem on resource: ${table} because no identity-based policy allows the dynamodb:GetItem action`,
        },
      }]);
    } finally {
      restore();
    }
    // The positive control: the same route, with the role as CDK grants it, works.
    const res = await fetch(`${cloud.apiUrl}/health`);
    expect(res.status).toBe(200);
  });
});
