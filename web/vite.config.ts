import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import type { AnyRoute } from '../shared/src/contract/route';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Local cloud to proxy to in `vite dev` (config.json and the API come from it, as in production). */
const devBackend = process.env.WEB_DEV_BACKEND ?? 'http://localhost:3000';

/** Long-lived vendor code in its own chunks, so an app release does not bust their cache. */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
  // tslib is Cloudscape's as much as Amplify's: a group of its own, listed first, keeps it from
  // being captured with Amplify's dependencies, which would make the Amplify chunk static again.
  { name: 'tslib', test: /[\\/]node_modules[\\/]tslib[\\/]/ },
  // Lazy: auth/configure-auth loads it on first use.
  { name: 'amplify', test: /[\\/]node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|uuid|js-cookie)[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  // The map (~1 MB) is only imported lazily (components/map/trip-map), so this chunk is fetched
  // with the first map and never with the landing page's first route.
  { name: 'maplibre', test: /[\\/]node_modules[\\/](maplibre-gl|@maplibre|topojson-client)[\\/]/ },
];

/**
 * MapLibre's worker is shipped as a file (`?url`) and started as a module worker, which browsers
 * accept only with a JavaScript MIME type. Static hosts and the local gateway know `.js` but not
 * always `.mjs`, so the copy is named `.js`.
 */
function assetFileNames(asset: { names: string[] }): string {
  return asset.names.some((n) => n.endsWith('.mjs')) ? 'assets/[name]-[hash].js' : 'assets/[name]-[hash][extname]';
}

/**
 * kB of minified JS. The entry (app shell + Cloudscape's shared core) is ~500 kB; past 600
 * something heavy (a map library, a chart kit) has leaked into it and should be lazy. Vite's own
 * size warning has one limit for every chunk, and the lazy MapLibre chunk (~1.1 MB) is big by
 * nature, so the entry gets its own check.
 */
const ENTRY_LIMIT_KB = 600;
const LAZY_CHUNK_LIMIT_KB = 1200;

function entrySizeGuard(): Plugin {
  return {
    name: 'entry-size-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const kb = file.type === 'chunk' ? Buffer.byteLength(file.code) / 1000 : 0;
        if (file.type === 'chunk' && file.isEntry && kb > ENTRY_LIMIT_KB) {
          this.warn(`The entry chunk ${file.fileName} is ${Math.round(kb)} kB (limit ${ENTRY_LIMIT_KB}): load the new heavy module lazily.`);
        }
      }
    },
  };
}

/** The module id the web imports: `import { routeTable } from 'virtual:contract-routes'`. */
const CONTRACT_ROUTES_ID = 'virtual:contract-routes';
const RESOLVED_CONTRACT_ROUTES_ID = `\0${CONTRACT_ROUTES_ID}`;
const ROUTES_FILE = fileURLToPath(new URL('../shared/src/contract/routes.ts', import.meta.url));

/** What the web's client needs of a route to call it: no schemas. */
type RouteInfo = Pick<AnyRoute, 'method' | 'path' | 'auth'>;

/**
 * The client's route table, derived from the contract when the web is built: the contract is
 * imported here, in Node, and the browser receives only method, path and auth of each operation
 * (web/src/contract-routes.d.ts). The first route then carries neither zod nor the schemas, and
 * the table cannot drift from the contract because it is read from the contract on every build.
 * `vite dev` serves a module that imports the contract itself instead, so editing a route there
 * reloads it like any other source file.
 */
function contractRoutes(): Plugin {
  let serve = false;
  return {
    name: 'contract-routes',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === CONTRACT_ROUTES_ID ? RESOLVED_CONTRACT_ROUTES_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_CONTRACT_ROUTES_ID) return undefined;
      if (serve) {
        return [
          `import { contract } from ${JSON.stringify(`/@fs${ROUTES_FILE}`)};`,
          'export const routeTable = Object.fromEntries(Object.entries(contract).map(([id, r]) => [id, { method: r.method, path: r.path, auth: r.auth }]));',
        ].join('\n');
      }
      const { module } = await runnerImport<{ contract: Record<string, AnyRoute> }>(ROUTES_FILE, { configFile: false, logLevel: 'silent' });
      this.addWatchFile(ROUTES_FILE);
      const table: Record<string, RouteInfo> = Object.fromEntries(
        Object.entries(module.contract).map(([operationId, r]) => [operationId, { method: r.method, path: r.path, auth: r.auth }]),
      );
      return `export const routeTable = ${JSON.stringify(table)};\n`;
    },
  };
}

export default defineConfig({
  root: webRoot,
  // Every route is served index.html (SPA fallback), so asset URLs must be absolute.
  base: '/',
  plugins: [react(), contractRoutes(), entrySizeGuard()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Any chunk; the entry's stricter limit is entrySizeGuard's.
    chunkSizeWarningLimit: LAZY_CHUNK_LIMIT_KB,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
        assetFileNames,
      },
    },
  },
  server: {
    proxy: {
      '/config.json': devBackend,
      '/api': devBackend,
      '/cognito': devBackend,
    },
  },
});
