import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of docs/architecture.md ("Dependency rules"), read from the import
 * statements of the sources themselves, so a rule broken anywhere fails here with the offending
 * imports listed ("file -> imported file"), not in a review months later.
 */

const ROOT = resolve(__dirname, '../../..');
const SCANNED = ['shared/src', 'lambdas/src', 'web/src'];

interface Edge { from: string; to: string }

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A relative specifier to the repository path it names, as the bundlers resolve it (queries such as `?url` dropped). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(ROOT, dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate).split('\\').join('/');
  }
  return undefined;
}

const files = SCANNED.flatMap(sourceFiles);
const unresolved: string[] = [];
// Every import counts, type-only ones too: a type is a dependency of the design even when erased.
const edges: Edge[] = files.flatMap((from) => {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, from), 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const to = resolveRelative(from, specifier);
      if (!to) unresolved.push(`${from} -> ${specifier}`);
      return to ? [{ from, to }] : [];
    });
});

const show = (e: Edge) => `${e.from} -> ${e.to}`;
const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const offending = (test: (e: Edge) => boolean) => edges.filter(test).map(show).sort();

/** The folder right below `root` that a path lies in, e.g. `landing` for web/src/pages/landing/x.tsx. */
const folderUnder = (root: string, path: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1).split('/')[0] : undefined);

/** Every import cycle, each as the edges around it (Tarjan's strongly connected components). */
function cycles(): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      const members = new Set(component);
      if (component.length > 1) found.push(edges.filter((e) => members.has(e.from) && members.has(e.to)).map(show).sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

describe('dependency rules (docs/architecture.md)', () => {
  it('reads every source file and resolves every relative import (so no rule passes by not seeing an import)', () => {
    for (const dir of SCANNED) expect(files.filter(under(dir)).length, dir).toBeGreaterThan(10);
    expect(edges.length).toBeGreaterThan(1000);
    expect(unresolved, 'imports that resolve to no file').toEqual([]);
  });

  it('ports import only ports and shared/src: a port owns the types it speaks in, never an adapter or middleware', () => {
    expect(files.filter(under('lambdas/src/ports')).length).toBeGreaterThan(0);
    expect(offending((e) => under('lambdas/src/ports')(e.from) && !under('lambdas/src/ports')(e.to) && !under('shared/src')(e.to)), 'port -> outside ports and shared').toEqual([]);
  });

  it('use cases never import the entry side (middleware, http, ws, streams, jobs, triggers, the composition root)', () => {
    const entrySide = ['middleware', 'http', 'ws', 'streams', 'jobs', 'triggers'].map((f) => under(`lambdas/src/${f}`));
    expect(files.filter(under('lambdas/src/use-cases')).length).toBeGreaterThan(0);
    expect(
      offending((e) => under('lambdas/src/use-cases')(e.from) && (entrySide.some((inFolder) => inFolder(e.to)) || e.to === 'lambdas/src/composition-root.ts')),
      'use case -> entry side',
    ).toEqual([]);
  });

  it('shared/src imports nothing from lambdas, web or infra (the browser and the functions both load it)', () => {
    expect(offending((e) => under('shared/src')(e.from) && !under('shared/src')(e.to)), 'shared -> outside shared').toEqual([]);
  });

  it('no import cycles: two modules that share something share it through a third (e.g. two repositories)', () => {
    expect(cycles(), 'the imports of each cycle').toEqual([]);
  });

  it('no repository imports a repository that imports it back, directly or through others', () => {
    const repositories = files.filter((f) => /^lambdas\/src\/adapters\/dynamodb\/[^/]+-repository\.ts$/.test(f));
    expect(repositories.length).toBeGreaterThan(5);
    const inCycle = cycles().flat().filter((edge) => repositories.some((r) => edge.startsWith(`${r} -> `)));
    expect(inCycle, 'repository imports inside a cycle').toEqual([]);
  });

  it('no page imports another page: pieces several pages use live in web/src/features/<feature>/ (or components/)', () => {
    const pages = 'web/src/pages';
    expect(new Set(files.map((f) => folderUnder(pages, f)).filter(Boolean)).size).toBeGreaterThan(5);
    expect(
      offending((e) => folderUnder(pages, e.from) !== undefined && folderUnder(pages, e.to) !== undefined && folderUnder(pages, e.from) !== folderUnder(pages, e.to)),
      'page -> another page',
    ).toEqual([]);
  });

  it('only the app shell (its router) imports pages: features and components never reach up into a page', () => {
    expect(offending((e) => under('web/src/pages')(e.to) && !under('web/src/pages')(e.from) && !under('web/src/app')(e.from)), 'not a page nor the app -> page').toEqual([]);
  });
});
