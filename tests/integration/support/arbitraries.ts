import fc from 'fast-check';
import type * as z from 'zod/mini';
import { moneyInputs } from '../../../shared/src/contract/common';

/**
 * fast-check arbitraries built from the contract's zod 4 schemas (read through `schema._zod.def`),
 * for the route fuzzer. "Valid-shaped" means the types, lengths, ranges, formats and enums of the
 * schema; refinements are not solved, so a generated value may still be refused by a rule: the
 * fuzzer asks the schema itself (`safeParse`) which of its inputs are valid.
 */

type Def = { type: string; [k: string]: any };
const defOf = (s: z.ZodMiniType): Def => (s as any)._zod.def as Def;
const checksOf = (s: z.ZodMiniType): Def[] => ((defOf(s).checks ?? []) as any[]).map((c) => (c._zod?.def ?? c) as Def);

/** Field names whose values mean something the type does not say: opaque cursors are key JSON in base64url. */
const BY_NAME: Record<string, () => fc.Arbitrary<unknown>> = {
  cursor: () => fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.dictionary(fc.constantFrom('pk', 'sk', 'gsi1pk', 'gsi1sk', 'x'), fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { maxKeys: 4 })
      .map((k) => Buffer.from(JSON.stringify(k), 'utf8').toString('base64url')),
  ),
};

const MAX_DEPTH = 6;

export function arbitraryFor(schema: z.ZodMiniType, depth = 0, name?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(undefined);
  if (name && BY_NAME[name] && def.type !== 'optional') return BY_NAME[name]!();
  const money = moneyInputs.get(schema);
  if (money) return moneyArb(money);
  switch (def.type) {
    case 'string': return stringArb(schema);
    case 'number': return numberArb(schema);
    case 'int': return numberArb(schema);
    case 'bigint': return fc.bigInt();
    case 'boolean': return fc.boolean();
    case 'literal': return fc.constantFrom(...(def.values as unknown[]));
    case 'enum': return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null': return fc.constant(null);
    case 'undefined': case 'void': case 'never': return fc.constant(undefined);
    case 'date': return fc.date({ noInvalidDate: true });
    case 'unknown': case 'any': return fc.jsonValue({ maxDepth: 2 });
    case 'optional': return fc.option(arbitraryFor(def.innerType, depth, name), { nil: undefined, freq: 3 });
    case 'nullable': return fc.option(arbitraryFor(def.innerType, depth, name), { nil: null, freq: 3 });
    case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional': case 'success':
      return arbitraryFor(def.innerType, depth, name);
    case 'pipe': return arbitraryFor(def.in, depth, name);
    case 'transform': return fc.jsonValue({ maxDepth: 1 });
    case 'lazy': return arbitraryFor(def.getter(), depth + 1, name);
    case 'intersection': return arbitraryFor(def.left, depth, name);
    case 'union': return fc.oneof(...(def.options as z.ZodMiniType[]).map((o) => arbitraryFor(o, depth + 1, name)));
    case 'array': {
      const c = lengthOf(schema);
      return fc.array(arbitraryFor(def.element, depth + 1), { minLength: c.min ?? 0, maxLength: Math.min(c.max ?? 4, (c.min ?? 0) + 4) });
    }
    case 'tuple': return fc.tuple(...(def.items as z.ZodMiniType[]).map((i) => arbitraryFor(i, depth + 1)));
    case 'record': return fc.dictionary(arbitraryFor(def.keyType, depth + 1).map(String), arbitraryFor(def.valueType, depth + 1), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodMiniType>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [k, v] of Object.entries(shape)) {
        model[k] = arbitraryFor(unwrapOptional(v), depth + 1, k);
        if (!isOptional(v)) requiredKeys.push(k);
      }
      return fc.record(model, { requiredKeys });
    }
    default: return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A money input (contract `moneyInput`): an amount within its bounds, as a JSON number or as its decimal text. */
function moneyArb(meta: { positive: boolean; maxMinor: number }): fc.Arbitrary<unknown> {
  return fc.integer({ min: meta.positive ? 1 : 0, max: meta.maxMinor }).chain((minor) => fc.constantFrom<unknown>(
    minor / 100,
    `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
  ));
}

const isOptional = (s: z.ZodMiniType) => (s as any)._zod.optin === 'optional';
function unwrapOptional(s: z.ZodMiniType): z.ZodMiniType {
  const def = defOf(s);
  return def.type === 'optional' ? unwrapOptional(def.innerType) : s;
}

function lengthOf(schema: z.ZodMiniType): { min?: number; max?: number } {
  let min: number | undefined;
  let max: number | undefined;
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length') min = Math.max(min ?? 0, c.minimum);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, c.maximum);
    if (c.check === 'length_equals') { min = c.length; max = c.length; }
  }
  return { min, max };
}

function stringArb(schema: z.ZodMiniType): fc.Arbitrary<string> {
  const { min = 0, max } = lengthOf(schema);
  const cap = Math.min(max ?? 40, Math.max(min, 40));
  const fits = (s: string) => s.length >= min && s.length <= (max ?? Infinity);
  for (const c of checksOf(schema)) {
    if (c.check !== 'string_format') continue;
    switch (c.format) {
      case 'regex': return fc.stringMatching(c.pattern as RegExp).filter(fits);
      case 'email': return fc.emailAddress().filter(fits);
      case 'url': return fc.webUrl().filter(fits);
      case 'uuid': case 'guid': return fc.uuid();
      case 'datetime':
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      case 'date': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      case 'starts_with': return fc.string({ maxLength: Math.max(0, cap - c.prefix.length) }).map((s) => c.prefix + s);
      default: break;
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: cap }),
    fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }).filter(fits),
  );
}

function numberArb(schema: z.ZodMiniType): fc.Arbitrary<number> {
  let lo = -1e9;
  let hi = 1e9;
  let loOpen = false;
  let hiOpen = false;
  let step: number | undefined;
  let int = defOf(schema).type === 'int';
  for (const c of checksOf(schema)) {
    if (c.check === 'greater_than' && Number(c.value) >= lo) { lo = Number(c.value); loOpen = !c.inclusive; }
    if (c.check === 'less_than' && Number(c.value) <= hi) { hi = Number(c.value); hiOpen = !c.inclusive; }
    if (c.check === 'multiple_of') step = Number(c.value);
    if (c.check === 'number_format' && /int/.test(String(c.format))) int = true;
  }
  if (int || step) {
    const unit = int ? Math.max(1, step ?? 1) : step!;
    const min = Math.ceil(lo / unit + (loOpen ? 1e-9 : 0));
    const max = Math.floor(hi / unit - (hiOpen ? 1e-9 : 0));
    return fc.integer({ min, max: Math.max(min, max) }).map((k) => Math.round(k * unit * 100) / 100 === k * unit ? k * unit : Number((k * unit).toFixed(6)));
  }
  return fc.double({ min: lo, max: hi, minExcluded: loOpen, maxExcluded: hiOpen, noNaN: true, noDefaultInfinity: true });
}

/** What a query string can carry: every defined value as text (arrays repeat nothing: the gateway keeps one value). */
export function asQueryString(q: unknown): string {
  if (!q || typeof q !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v === undefined) continue;
    sp.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The query as the handler sees it (strings), to ask the schema whether it is valid. */
export function asQueryObject(q: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!q || typeof q !== 'object') return out;
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v !== undefined) out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** Values of the wrong kind for any field: types, sizes, unicode, number edges JSON can carry. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0.000001, 1e308, -1e308, 2 ** 53 + 1, 0.1 + 0.2, '', ' ', 'NaN', 'Infinity', '-1', '1e999',
    '0x10', '\u0000', '\u202e\u0645\u0631\u062d\u0628\u0627', '👩‍👩‍👧‍👦'.repeat(50), '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd',
    '{"$ne":null}', [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 20, max: 2000 }).map(nested),
);

/** `{ "a": { "a": ... } }` `depth` levels deep. */
export function nested(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** Bodies that are not JSON at all, or JSON nobody should accept. */
export const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", 'NaN', '[1,2', '\u0000', '\ufeff{}', 'null', '"just a string"', '12', 'true',
    '{"a":1}{"b":2}', '{"__proto__":{"polluted":true}}', '{"a":'.repeat(5000)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.integer({ min: 100, max: 20_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
);

type Path = (string | number)[];

/** Every path into a JSON value, the value itself first (depth-limited). */
export function pathsOf(v: unknown, depth = 0, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (depth >= 4 || !v || typeof v !== 'object') return out;
  for (const [k, child] of Object.entries(v as Record<string, unknown>)) out.push(...pathsOf(child, depth + 1, [...at, Array.isArray(v) ? Number(k) : k]));
  return out;
}

function setAt(root: unknown, path: Path, fn: (parent: any, key: string | number) => void): unknown {
  const copy = structuredClone(root) as any;
  if (!path.length) return copy;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k];
  fn(parent, path[path.length - 1]!);
  return copy;
}

/**
 * A malformed variant of a valid-shaped value: a field (or the whole) replaced by a hostile value,
 * a field removed, or a field the contract does not know added. Whether it really is malformed is
 * for the schema to say.
 */
export function malformedFrom(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  const objectPaths = paths.filter((p) => {
    let v: any = valid;
    for (const k of p) v = v?.[k];
    return v && typeof v === 'object' && !Array.isArray(v);
  });
  const options: fc.Arbitrary<unknown>[] = [
    fc.tuple(fc.constantFrom(...paths), hostileValue).map(([p, h]) => (p.length ? setAt(valid, p, (o, k) => { o[k] = h; }) : h)),
  ];
  const keyed = paths.filter((p) => p.length > 0);
  if (keyed.length) options.push(fc.constantFrom(...keyed).map((p) => setAt(valid, p, (o, k) => { if (Array.isArray(o)) o.splice(Number(k), 1); else delete o[k]; })));
  if (objectPaths.length) {
    options.push(fc.tuple(fc.constantFrom(...objectPaths), fc.constantFrom('notInTheContract', 'status', 'walletBalance', 'approved', 'usertype', 'driver_share', 'isAdmin', '__proto__', 'constructor'), hostileValue)
      .map(([p, k, h]) => {
        const copy = structuredClone(valid) as any;
        let o = copy;
        for (const seg of p) o = o[seg];
        Object.defineProperty(o, k, { value: h ?? 'x', enumerable: true, configurable: true, writable: true });
        return copy;
      }));
  }
  return fc.oneof(...options);
}
