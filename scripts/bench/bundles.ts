import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/constructs/lambda-bundling';
import { handlerEntry } from '../../shared/src/contract/route';
import { routes } from '../../shared/src/contract/routes';

export interface SizeRow { name: string; bytes: number; gzip: number }

/** The goals of a Lambda bundle (issue: lean functions): its size, and its import CPU against an empty module's. */
export const LAMBDA_BUNDLE_GOALS = { maxBytes: 200 * 1024, maxImportRatio: 2 };

/** Every Lambda entry point: one per route of the contract, the WebSocket routes, the stream consumers and the jobs queue's consumer. */
export function lambdaEntries(): { name: string; file: string }[] {
  return [
    ...routes.map((r) => ({ name: r.operationId, file: handlerEntry(r) })),
    { name: 'ws-connect', file: 'lambdas/src/ws/connect.ts' },
    { name: 'ws-default', file: 'lambdas/src/ws/default.ts' },
    { name: 'ws-disconnect', file: 'lambdas/src/ws/disconnect.ts' },
    { name: 'stream-fan-out', file: 'lambdas/src/streams/fan-out.ts' },
    { name: 'stream-driver-positions', file: 'lambdas/src/streams/driver-positions.ts' },
    { name: 'dispatch-jobs', file: 'lambdas/src/jobs/dispatch-jobs.ts' },
  ];
}

export interface BundleRow extends SizeRow {
  /** CPU time (user + system) of a fresh Node process that imports the bundle, median of the repeats. */
  importMs: number;
  /** importMs over the same measure of an empty ES module, taken in the same run. */
  ratio: number;
  /** The goals this bundle misses (empty when it meets both). */
  over: string[];
}

export interface LambdaBundles { rows: BundleRow[]; emptyMs: number; repeats: number }

/**
 * Each Lambda bundled with the options CDK deploys it with (infra/constructs/lambda-bundling.ts:
 * ESM, minified, AWS SDK v3 left to the Lambda runtime, the offline gazetteer left out), its size,
 * and the CPU time of importing it in a fresh Node process: the part of a cold start the code
 * decides. The bundles are written inside the repository (node_modules/.cache) so that the
 * modules left external resolve from node_modules as the runtime resolves its own. The empty
 * module is measured the same way in the same run: the ratio is what compares across machines.
 */
export async function lambdaBundles(root: string, opts: { repeats: number; only?: string[] }): Promise<LambdaBundles> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'lambda-import-'));
  try {
    // Prints the process's own CPU time once the import is done; what the bundle's top level costs is in it.
    const runner = join(dir, 'import-cpu.mjs');
    writeFileSync(runner, [
      "import { pathToFileURL } from 'node:url';",
      'await import(pathToFileURL(process.argv[2]).href);',
      'const u = process.resourceUsage();',
      'process.stdout.write(String((u.userCPUTime + u.systemCPUTime) / 1000));',
      // A handler module may hold timers or sockets open; the measure is taken, the process may end.
      'process.exit(0);',
    ].join('\n'));
    const empty = join(dir, 'empty.mjs');
    writeFileSync(empty, '');
    const entries = lambdaEntries().filter((e) => !opts.only || opts.only.includes(e.name));
    // One esbuild run for all entries (each still its own bundle; shared files are parsed once), with
    // CDK's options; without the source map, which CDK ships beside the bundle, not in it.
    const out = await build({
      ...esbuildOptions(''), entryPoints: Object.fromEntries(entries.map((e) => [e.name, join(root, e.file)])),
      outdir: dir, outExtension: { '.js': '.mjs' }, sourcemap: false, write: false, logLevel: 'silent',
    });
    const built = entries.map((e) => {
      const file = join(dir, `${e.name}.mjs`);
      const code = out.outputFiles.find((o) => o.path === file)!.contents;
      writeFileSync(file, code);
      return { name: e.name, bytes: code.length, gzip: gzipSync(code).length, file };
    });
    const repeats = Math.max(1, opts.repeats);
    // The empty module many times, spread over the run: every ratio divides by its median, so a
    // base taken from three imports moved every ratio together (CI once read six bundles at
    // 2.01-2.12x whose imports cost what they always did, against a base 10% below the usual).
    const spread = Math.max(15, repeats);
    const every = Math.max(1, Math.ceil(built.length / spread));
    const emptyRuns: number[] = [];
    const perBundle = built.map(() => [] as number[]);
    const jobs: (() => Promise<void>)[] = [];
    let emptyJobs = 0;
    const emptyJob = () => { emptyJobs++; jobs.push(async () => { emptyRuns.push(await importCpuMs(runner, empty)); }); };
    built.forEach((b, i) => {
      if (i % every === 0) emptyJob();
      for (let r = 0; r < repeats; r++) jobs.push(async () => { perBundle[i]!.push(await importCpuMs(runner, b.file)); });
    });
    while (emptyJobs < spread) emptyJob();
    // Two at a time: CPU time is per process, so running side by side changes it little and halves the wait.
    await pool(jobs, Math.max(1, Math.min(2, availableParallelism())));
    const emptyMs = median(emptyRuns);
    const rows = built.map((b, i) => {
      const importMs = median(perBundle[i]!);
      const ratio = importMs / emptyMs;
      const over: string[] = [];
      if (b.bytes > LAMBDA_BUNDLE_GOALS.maxBytes) over.push(`over ${LAMBDA_BUNDLE_GOALS.maxBytes / 1024} KB`);
      if (ratio > LAMBDA_BUNDLE_GOALS.maxImportRatio) over.push(`import over ${LAMBDA_BUNDLE_GOALS.maxImportRatio}x`);
      return { name: b.name, bytes: b.bytes, gzip: b.gzip, importMs, ratio, over };
    });
    return { rows, emptyMs, repeats };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The CPU time of a fresh Node process (the bench's own Node) importing `file`, with no environment
 * but PATH: a function must not need its configuration to load.
 */
function importCpuMs(runner: string, file: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, [runner, file], { cwd: dirname(file), maxBuffer: 1 << 20, env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) => {
      const ms = Number(stdout);
      if (error || !Number.isFinite(ms) || stdout === '') reject(new Error(`importing ${file} failed: ${(stderr || error?.message || stdout).slice(0, 400)}`));
      else resolvePromise(ms);
    });
  });
}

async function pool(jobs: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) await jobs[next++]!();
  }));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

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
