import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, AssetStaging, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';
import { EXTERNAL_MODULES, LAMBDA_BUNDLING, LIBRARY_LAYER_MODULES, LIBRARY_LAYER_PACKAGES, esbuildOptions } from '../../infra/constructs/lambda-bundling';
import { LIBRARY_LAYER_USERS, libraryLayer } from '../../infra/constructs/library-layer';
import { NodeFunction } from '../../infra/constructs/node-function';
import { fromRepo } from '../../infra/constructs/app-config';
import { lambdaEntries } from '../../scripts/bench/bundles';


/** The layer's package an import names (itself or a subpath of it). */
const isLibrary = (path: string): string | undefined => LIBRARY_LAYER_PACKAGES.find((p) => path === p || path.startsWith(`${p}/`));

/**
 * Lean functions: Stripe, web-push and libphonenumber are left out of the bundles and served by our own layer. A
 * module left out must be there at run time: every function whose bundle can import one has the
 * layer, and the layer holds each module with all it needs.
 */
describe('the library layer', () => {
  let built: BuiltApp;
  /** Each Lambda entry and the layer modules its bundle (CDK's options) imports. */
  const imported = new Map<string, string[]>();

  beforeAll(async () => {
    built = defaultApp();
    const entries = lambdaEntries();
    const out = await build({
      ...esbuildOptions(''), entryPoints: entries.map((e) => fromRepo(e.file)), outdir: join(tmpdir(), 'library-layer-probe'),
      minify: false, sourcemap: false, write: false, metafile: true, logLevel: 'silent',
    });
    for (const output of Object.values(out.metafile.outputs)) {
      if (!output.entryPoint) continue;
      const modules = [...new Set(output.imports.filter((i) => i.external).map((i) => isLibrary(i.path)).filter((m): m is string => !!m))].sort();
      imported.set(output.entryPoint.replace(/^.*?(lambdas\/src\/)/, '$1'), modules);
    }
    expect(imported.size).toBe(entries.length);
  }, 240_000);

  it('is what the bench and CDK both leave out of the bundles', () => {
    for (const m of LIBRARY_LAYER_MODULES) expect(EXTERNAL_MODULES).toContain(m);
    expect(LAMBDA_BUNDLING.externalModules).toEqual(EXTERNAL_MODULES);
    // The bench builds with esbuildOptions: the very externals CDK deploys with.
    expect(esbuildOptions('x').external).toEqual([...LAMBDA_BUNDLING.externalModules]);
  });

  it('lists exactly the functions whose bundles import a module of the layer', () => {
    const listed = Object.fromEntries(Object.entries(LIBRARY_LAYER_USERS).map(([entry, modules]) => [entry, [...modules].sort()]));
    const actual = Object.fromEntries([...imported].filter(([, modules]) => modules.length > 0));
    expect(actual).toEqual(listed);
    // The bundles do import them (as modules left out), so the check above has something to find.
    expect(Object.values(actual).flat()).toEqual(expect.arrayContaining([...LIBRARY_LAYER_PACKAGES]));
  });

  it('is on every function that can load one of its modules, and on no other', () => {
    const functions = built.app.node.findAll().filter((c): c is NodeFunction => c instanceof NodeFunction);
    expect(functions.length).toBeGreaterThan(100);
    let withLayer = 0;
    for (const f of functions) {
      const stack = Stack.of(f);
      const layers = ((stack.resolve((f.fn.node.defaultChild as lambda.CfnFunction).layers) ?? []) as unknown[]).map((l) => JSON.stringify(l));
      const layer = stack.node.tryFindChild('SharedLibraryLayer') as lambda.LayerVersion | undefined;
      const layerId = layer && stack.getLogicalId(layer.node.defaultChild as lambda.CfnLayerVersion);
      const has = !!layerId && layers.some((l) => l.includes(`"${layerId}"`));
      // Last: Lambda extracts layers in order, so ours is what a path both layers hold resolves to.
      if (has) expect(layers.at(-1), `${f.node.path}: the library layer comes last`).toContain(`"${layerId}"`);
      const needs = (imported.get(f.entry) ?? []).length > 0;
      expect(has, `${f.node.path} (${f.entry}) ${needs ? 'imports a library module but lacks' : 'has'} the library layer`).toBe(needs);
      if (has) withLayer++;
    }
    expect(withLayer).toBe(Object.keys(LIBRARY_LAYER_USERS).length);
  });

  describe('its content', () => {
    let outdir: string;
    let layerDir: string;
    beforeAll(() => {
      outdir = mkdtempSync(join(tmpdir(), 'library-layer-'));
      const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': ['Probe'] } });
      const stack = new Stack(app, 'Probe');
      libraryLayer(stack);
      app.synth();
      // The staged asset: the directory CDK zips and uploads as the layer.
      const asset = app.node.findAll().find((c) => c instanceof AssetStaging && c.node.path.startsWith('Probe/SharedLibraryLayer')) as AssetStaging;
      layerDir = asset.absoluteStagedPath;
    }, 120_000);
    afterAll(() => rmSync(outdir, { recursive: true, force: true }));

    it('loads each module from nodejs/node_modules, where the runtime looks, with nothing from the repository', () => {
      expect(existsSync(join(layerDir, 'nodejs', 'node_modules', 'stripe', 'package.json'))).toBe(true);
      // A module beside the layer's folder resolves its imports only from the layer, as a function's code does in AWS.
      const probe = join(layerDir, 'nodejs', 'probe.mjs');
      writeFileSync(probe, [
        "const { default: Stripe } = await import('stripe');",
        "const webPush = (await import('web-push')).default;",
        "const { makeIdempotent } = await import('@aws-lambda-powertools/idempotency');",
        "const { BasePersistenceLayer } = await import('@aws-lambda-powertools/idempotency/persistence');",
        "if (typeof makeIdempotent !== 'function' || typeof BasePersistenceLayer !== 'function') throw new Error('idempotency');",
        "const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');",
        "if (parsePhoneNumberFromString('+447700900123')?.number !== '+447700900123') throw new Error('libphonenumber');",
        "new Stripe('sk_test_probe');",
        'const keys = webPush.generateVAPIDKeys();',
        "process.stdout.write(String(typeof keys.publicKey === 'string'));",
      ].join('\n'));
      const out = execFileSync(process.execPath, [probe], { cwd: join(layerDir, 'nodejs'), env: { PATH: process.env.PATH ?? '' } }).toString();
      expect(out).toBe('true');
      rmSync(probe);
    });
  });
});
