import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/constructs/lambda-bundling';
import { handlerEntry } from '../../shared/src/contract/route';
import { routes } from '../../shared/src/contract/routes';

export interface SizeRow { name: string; bytes: number; gzip: number }

/**
 * Each Lambda bundled with the options CDK deploys it with (infra/constructs/lambda-bundling.ts:
 * ESM, minified, AWS SDK v3 left to the Lambda runtime, the offline gazetteer left out).
 */
export async function lambdaBundleSizes(root: string): Promise<SizeRow[]> {
  const entries = [
    ...routes.map((r) => ({ name: r.operationId, file: handlerEntry(r) })),
    { name: 'ws-connect', file: 'lambdas/src/ws/connect.ts' },
    { name: 'ws-default', file: 'lambdas/src/ws/default.ts' },
    { name: 'ws-disconnect', file: 'lambdas/src/ws/disconnect.ts' },
    { name: 'stream-fan-out', file: 'lambdas/src/streams/fan-out.ts' },
    { name: 'stream-driver-positions', file: 'lambdas/src/streams/driver-positions.ts' },
    { name: 'dispatch-jobs', file: 'lambdas/src/jobs/dispatch-jobs.ts' },
  ];
  const rows: SizeRow[] = [];
  for (const e of entries) {
    // Without the source map, which CDK ships beside the bundle, not in it.
    const out = await build({ ...esbuildOptions(join(root, e.file)), sourcemap: false, write: false, logLevel: 'silent' });
    const code = out.outputFiles[0]!.contents;
    rows.push({ name: e.name, bytes: code.length, gzip: gzipSync(code).length });
  }
  return rows;
}

/** The built web app's JavaScript and CSS chunks. */
export function webChunkSizes(root: string): SizeRow[] {
  const dir = join(root, 'web', 'dist', 'assets');
  return readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const buf = readFileSync(join(dir, f));
      return { name: f, bytes: statSync(join(dir, f)).size, gzip: gzipSync(buf).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export interface FirstRouteSizes { js: SizeRow[]; css: SizeRow[]; jsGzip: number; cssGzip: number }

/**
 * What a browser fetches before the first paint of any route: index.html's entry script, its
 * modulepreload links and stylesheets, and every chunk those reach by static import. Dynamic
 * `import("./x.js")` (lazy pages, Amplify, zod, language packs) is left out: it loads later, if
 * at all. Static imports are `import … from"./x.js"`, `import"./x.js"` and `export … from"./x.js"`;
 * the character class stops at `(` so a dynamic import never matches.
 */
export function firstRouteSizes(root: string): FirstRouteSizes {
  const dist = join(root, 'web', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const pending: string[] = [];
  const cssFiles = new Set<string>();
  for (const tag of tags) {
    const src = tag.startsWith('<script') && /type="module"/.test(tag) ? attr(tag, 'src') : undefined;
    const rel = tag.startsWith('<link') ? attr(tag, 'rel') : undefined;
    if (src) pending.push(src);
    else if (rel === 'modulepreload') pending.push(attr(tag, 'href')!);
    else if (rel === 'stylesheet') cssFiles.add(attr(tag, 'href')!);
  }
  const jsFiles = new Set<string>();
  const staticImport = /\b(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  while (pending.length) {
    const url = pending.pop()!;
    if (jsFiles.has(url)) continue;
    jsFiles.add(url);
    const code = readFileSync(join(dist, url), 'utf8');
    for (const m of code.matchAll(staticImport)) pending.push(new URL(m[1]!, `http://x${url}`).pathname);
  }
  const size = (url: string): SizeRow => {
    const buf = readFileSync(join(dist, url));
    return { name: url.replace(/^\/assets\//, ''), bytes: buf.length, gzip: gzipSync(buf).length };
  };
  const js = [...jsFiles].map(size).sort((a, b) => b.gzip - a.gzip);
  const css = [...cssFiles].map(size).sort((a, b) => b.gzip - a.gzip);
  const sum = (rows: SizeRow[]) => rows.reduce((n, r) => n + r.gzip, 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}
