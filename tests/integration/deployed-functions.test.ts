import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/api-gateway';
import { REPO_ROOT } from '../../infra/local/cloud';
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
