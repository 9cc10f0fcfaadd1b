import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { handlerEntry } from '../../../shared/src/contract/route';
import { routes } from '../../../shared/src/contract/routes';
import { buildOpenApi } from '../../../shared/src/contract/openapi';

const root = resolve(__dirname, '../../..');

describe('the route table (architecture §3)', () => {
  it('has unique operationIds and unique method + path pairs', () => {
    const ids = routes.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const pairs = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it.each(routes.map((r) => [r.operationId, r] as const))('%s has a handler file exporting `handler`', async (_id, r) => {
    const file = resolve(root, handlerEntry(r));
    expect(existsSync(file), file).toBe(true);
    process.env.TABLE_NAME ??= 'unit'; process.env.USER_POOL_ID ??= 'unit'; process.env.USER_POOL_CLIENT_ID ??= 'unit';
    const mod = await import(pathToFileURL(file).href);
    expect(typeof mod.handler).toBe('function');
    // A handler must load without its configuration (read on first use) and without its SDK clients (loaded on first send).
  }, 30_000);

  it.each(routes.map((r) => [r.operationId, r] as const))('%s declares exactly the path parameters of its path', (_id, r) => {
    const inPath = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const declared = r.params instanceof z.ZodMiniObject ? Object.keys(r.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
  });

  it('only body-less methods go without a body schema', () => {
    for (const r of routes) if (r.method === 'GET' || r.method === 'DELETE') expect(r.body, r.operationId).toBeUndefined();
  });

  it('generates an OpenAPI 3.1 document with every operation', () => {
    const doc = buildOpenApi(routes, { title: 't', version: '1' });
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p)) as { operationId: string }[];
    expect(ops.map((o) => o.operationId).sort()).toEqual(routes.map((r) => r.operationId).sort());
  });
});
