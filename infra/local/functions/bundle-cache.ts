import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../constructs/lambda-bundling';
import { LOCAL_STAGE_CONTEXT } from './deployed-functions';

/** The stage the local cloud runs (deployed-functions.ts): its bundles are built for it. */
const LOCAL_STAGE = { localStandIns: LOCAL_STAGE_CONTEXT.localStandIns === 'true' };

/** What a cache entry remembers: its bundle and the content of every file esbuild read to make it. */
interface CachedBundle { file: string; inputs: Record<string, string> }
interface Manifest { options: string; bundles: Record<string, CachedBundle> }

export interface BundledFunctions {
  /** The bundle of each entry (repo-relative entry path to absolute `.mjs` path). */
  files: Map<string, string>;
  built: number;
  reused: number;
  ms: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Each entry bundled with CDK's options (`esbuildOptions`), into a cache keyed by content: a bundle
 * is rebuilt only when a file it was made from, or the options, changed. The cache lives inside the
 * repository (node_modules/.cache) so that what the bundles leave external (the SDK, the layers'
 * modules) resolves from node_modules, as the runtime and its layers provide them in Lambda.
 */
export async function bundleFunctions(root: string, entries: readonly string[], cacheDir = join(root, 'node_modules', '.cache', 'lambda-bundles')): Promise<BundledFunctions> {
  const started = Date.now();
  mkdirSync(cacheDir, { recursive: true });
  const manifestFile = join(cacheDir, 'manifest.json');
  const options = sha256(JSON.stringify(esbuildOptions('', LOCAL_STAGE)));
  const previous = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
  const manifest: Manifest = { options, bundles: previous?.options === options ? previous.bundles : {} };
  const hashes = new Map<string, string | undefined>();
  const hashOf = (file: string) => {
    if (!hashes.has(file)) hashes.set(file, existsSync(resolve(root, file)) ? sha256(readFileSync(resolve(root, file))) : undefined);
    return hashes.get(file);
  };
  const fresh = (entry: string) => {
    const cached = manifest.bundles[entry];
    return cached !== undefined && existsSync(cached.file) && Object.entries(cached.inputs).every(([f, h]) => hashOf(f) === h);
  };
  const stale = [...new Set(entries)].filter((e) => !fresh(e));
  if (stale.length > 0) {
    // One esbuild run for all stale entries (each its own bundle; shared files are parsed once).
    const keyOf = (entry: string) => sha256(entry).slice(0, 16);
    const out = await build({
      ...esbuildOptions('', LOCAL_STAGE), absWorkingDir: root,
      entryPoints: Object.fromEntries(stale.map((e) => [keyOf(e), resolve(root, e)])),
      outdir: cacheDir, outExtension: { '.js': '.mjs' }, metafile: true, logLevel: 'silent',
    });
    for (const entry of stale) {
      const file = join(cacheDir, `${keyOf(entry)}.mjs`);
      const output = Object.entries(out.metafile.outputs).find(([path]) => resolve(root, path) === file)![1];
      manifest.bundles[entry] = { file, inputs: Object.fromEntries(Object.keys(output.inputs).map((f) => [f, hashOf(f)!])) };
    }
    writeFileSync(manifestFile, JSON.stringify(manifest));
  }
  return {
    files: new Map(entries.map((e) => [e, manifest.bundles[e]!.file])),
    built: stale.length, reused: entries.length - stale.length, ms: Date.now() - started,
  };
}
