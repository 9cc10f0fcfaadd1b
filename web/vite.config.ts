import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Local cloud to proxy to in `vite dev` (config.json and the API come from it, as in production). */
const devBackend = process.env.WEB_DEV_BACKEND ?? 'http://localhost:3000';

/** Long-lived vendor code in its own chunks, so an app release does not bust their cache. */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
  { name: 'amplify', test: /[\\/]node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|tslib|uuid)[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
];

export default defineConfig({
  root: webRoot,
  // Every route is served index.html (SPA fallback), so asset URLs must be absolute.
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // kB of minified JS. The entry (app shell + Cloudscape's shared core) is ~430 kB; past 600
    // something heavy (a map library, a chart kit) has leaked into it and should be lazy.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
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
