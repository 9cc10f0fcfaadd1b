import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerEntry, type AnyRoute } from '../../../shared/src/contract/route';
import { routes } from '../../../shared/src/contract/routes';
import { isTranslationKey } from '../../../shared/src/i18n/keys';

/**
 * The contract's words about errors are true. A route's summary may name the keys it answers
 * with; each must be a key the route's own code can produce (its handler, the middleware, the
 * use cases and domain rules it imports, the adapters behind the ports those import, and its
 * zod schemas), so a description never promises a key the caller will not see. And where a
 * summary lists keys, it lists every route-specific key its use case throws.
 */

const root = resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(file, 'utf8');

/** Codes every route may answer with (middleware, admission, 404 for strangers): documented once, in docs/architecture.md. */
const GENERIC = new Set(['not_found', 'conflict', 'forbidden', 'validation_error', 'bad_request', 'internal_error', 'not_logged_in', 'invalid_json', 'rate_limited', 'starting']);

/** Translation-key-shaped words of a text that are translation keys. */
const keysIn = (text: string) => [...new Set(text.match(/\b[a-z][a-zA-Z0-9]*(?:_[a-zA-Z0-9]+)+\b/g) ?? [])].filter(isTranslationKey);

/** What a file says without the route summaries it holds (a summary naming a key does not produce it). */
const withoutSummaries = (source: string) => source.replace(/summary:\s*(['"`])(?:\\.|(?!\1)[\s\S])*\1/g, 'summary: ""');

const importsOf = (file: string): string[] => {
  const found = [...read(file).matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return found.flatMap((spec) => {
    const base = resolve(dirname(file), spec);
    return [`${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts'), base].filter((p) => existsSync(p) && p.endsWith('.ts')).slice(0, 1);
  });
};

const listTs = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? listTs(resolve(dir, e.name)) : e.name.endsWith('.ts') ? [resolve(dir, e.name)] : []);
const adapters = listTs(resolve(root, 'lambdas/src/adapters'));

/** The file of the contract that defines a route. */
const contractFileOf = (r: AnyRoute) => listTs(resolve(root, 'shared/src/contract')).find((f) => read(f).includes(`operationId: '${r.operationId}'`))!;

/**
 * Every file the route's code can run: the handler's imports, transitively, except the
 * composition root (which wires every use case) and the i18n catalogues (which list every key);
 * for a port, the adapters that implement it; for the contract, only the route's own file and
 * what it imports.
 */
function reachable(r: AnyRoute): string[] {
  const skip = (f: string) => f.endsWith('composition-root.ts') || f.includes('/shared/src/i18n/')
    || (f.includes('/shared/src/contract/') && f.endsWith('routes.ts'));
  const seen = new Set<string>();
  const queue = [resolve(root, handlerEntry(r)), contractFileOf(r)];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f) || skip(f)) continue;
    seen.add(f);
    queue.push(...importsOf(f));
    if (f.includes('/lambdas/src/ports/')) {
      const port = relative(root, f).replace(/\.ts$/, '').split('/').pop();
      queue.push(...adapters.filter((a) => new RegExp(`ports/${port}'`).test(read(a))));
    }
  }
  return [...seen];
}

/** Every translation key written as a string literal in the route's code. */
function producible(r: AnyRoute): Set<string> {
  const out = new Set<string>();
  for (const f of reachable(r)) {
    for (const m of withoutSummaries(read(f)).matchAll(/'([a-z][a-zA-Z0-9]*(?:_[a-zA-Z0-9]+)+)'/g)) if (isTranslationKey(m[1]!)) out.add(m[1]!);
  }
  return out;
}

/** Codes a use case file throws in plain sight (DomainError and its helpers). */
function thrownBy(file: string): string[] {
  return [...read(file).matchAll(/(?:new DomainError|conflict|notFound|forbidden|badRequest|unauthorized)\(\s*'([a-zA-Z0-9_]+)'/g)].map((m) => m[1]!);
}

/** The use cases a handler calls. */
const useCasesOf = (r: AnyRoute) => importsOf(resolve(root, handlerEntry(r))).filter((f) => f.includes('/lambdas/src/use-cases/'));

const mentioning = routes.filter((r) => keysIn(r.summary).length > 0);

describe('error keys in the contract', () => {
  it('some summaries name keys (the checks below have something to check)', () => {
    expect(mentioning.length).toBeGreaterThan(5);
  });

  it.each(routes.map((r) => [r.operationId, r] as const))('%s: every key its summary names is one its code can produce', (_id, r) => {
    const can = producible(r);
    expect(keysIn(r.summary).filter((k) => !can.has(k))).toEqual([]);
  });

  it.each(mentioning.map((r) => [r.operationId, r] as const))('%s lists its errors, so it lists every key its use case throws', (_id, r) => {
    const named = new Set<string>(keysIn(r.summary));
    const thrown = [...new Set(useCasesOf(r).flatMap(thrownBy))].filter((k) => !GENERIC.has(k));
    expect(thrown.filter((k) => !named.has(k))).toEqual([]);
  });

  it('finds what the code produces: the trip code key of startTrip, not the sign-in code key', () => {
    const start = routes.find((r) => r.operationId === 'startTrip')!;
    expect(producible(start).has('trip_code_mismatch')).toBe(true);
    expect(producible(start).has('otp_validate_error')).toBe(false);
  });
});
