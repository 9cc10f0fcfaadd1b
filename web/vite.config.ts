import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: webRoot,
  // Every route is served index.html (SPA fallback), so asset URLs must be absolute.
  base: '/',
  plugins: [react(), entrySizeGuard()],
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
