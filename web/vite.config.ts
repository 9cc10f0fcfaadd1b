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
  // With its CSP setting (src/zod-under-csp.ts), so no chunk holds zod without it.
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]web[\\/]src[\\/]zod-under-csp\.ts$/ },
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

/** Ids of the bundled language packs' modules (web/src/language-packs.d.ts). */
const LANGUAGE_PACKS_ID = 'virtual:language-packs';
const LANGUAGE_PACK_PREFIX = 'virtual:language-pack/';
const PACKS_FILE = fileURLToPath(new URL('../shared/src/i18n/language-packs.ts', import.meta.url));
const MESSAGES_FILE = fileURLToPath(new URL('../shared/src/i18n/messages.ts', import.meta.url));

interface BundledPack { code: string; name: string; translations: Record<string, string> }

/**
 * The texts the web ships with (shared/src/i18n: English and Spanish), one chunk per language:
 * the default language's is part of the first route (the start-up screens speak it), every other
 * is imported when a visitor picks it. Built from the shared packs at build time, like the route
 * table above; `vite dev` imports the shared modules themselves, so edited texts reload there.
 */
function languagePacks(): Plugin {
  let serve = false;
  let packs: Promise<{ packs: BundledPack[]; defaultLanguage: string }> | undefined;
  const load = async () => {
    const [{ module: p }, { module: m }] = await Promise.all([
      runnerImport<{ bundledLanguagePacks: BundledPack[] }>(PACKS_FILE, { configFile: false, logLevel: 'silent' }),
      runnerImport<{ DEFAULT_LANGUAGE: string }>(MESSAGES_FILE, { configFile: false, logLevel: 'silent' }),
    ]);
    return { packs: p.bundledLanguagePacks, defaultLanguage: m.DEFAULT_LANGUAGE };
  };
  return {
    name: 'language-packs',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    buildStart() {
      packs = undefined;
    },
    resolveId(id) {
      return id === LANGUAGE_PACKS_ID || id.startsWith(LANGUAGE_PACK_PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:language-pack')) return undefined;
      if (serve) {
        if (id !== `\0${LANGUAGE_PACKS_ID}`) return undefined;
        return [
          `import { bundledLanguagePacks } from ${JSON.stringify(`/@fs${PACKS_FILE}`)};`,
          `import { DEFAULT_LANGUAGE } from ${JSON.stringify(`/@fs${MESSAGES_FILE}`)};`,
          'export { DEFAULT_LANGUAGE };',
          'export const BUNDLED_LANGUAGES = bundledLanguagePacks.map(({ code, name }) => ({ code, name }));',
          'export const defaultTranslations = bundledLanguagePacks.find((p) => p.code === DEFAULT_LANGUAGE).translations;',
          'export const otherTranslations = Object.fromEntries(bundledLanguagePacks.filter((p) => p.code !== DEFAULT_LANGUAGE).map((p) => [p.code, async () => p.translations]));',
        ].join('\n');
      }
      packs ??= load();
      const { packs: all, defaultLanguage } = await packs;
      this.addWatchFile(PACKS_FILE);
      if (id === `\0${LANGUAGE_PACKS_ID}`) {
        const others = all.filter((p) => p.code !== defaultLanguage);
        return [
          `import defaultTranslations from ${JSON.stringify(LANGUAGE_PACK_PREFIX + defaultLanguage)};`,
          `export const DEFAULT_LANGUAGE = ${JSON.stringify(defaultLanguage)};`,
          `export const BUNDLED_LANGUAGES = ${JSON.stringify(all.map(({ code, name }) => ({ code, name })))};`,
          'export { defaultTranslations };',
          'export const otherTranslations = {',
          ...others.map((p) => `  ${JSON.stringify(p.code)}: () => import(${JSON.stringify(LANGUAGE_PACK_PREFIX + p.code)}).then((m) => m.default),`),
          '};',
        ].join('\n');
      }
      const pack = all.find((p) => `\0${LANGUAGE_PACK_PREFIX}${p.code}` === id);
      if (!pack) this.error(`No bundled language pack for ${id.slice(1)}`);
      return `export default ${JSON.stringify(pack.translations)};\n`;
    },
  };
}

/**
 * Cloudscape's global styles carry the eight Open Sans faces (300 to 800, upright and italic) as
 * base64 inside the stylesheet: ~135 kB of render-blocking CSS that gzip cannot shrink, most of it
 * for faces a page never uses. Written out as woff2 files instead, the stylesheet is small and the
 * browser fetches only the faces the page's text needs, as it does for any web font. The regular
 * and bold upright faces, which every page uses, are preloaded by index.html. (The stylesheet
 * keeps the name hashed from its content with the fonts inside, so a changed font still renames it.)
 */
function fontFilesFromCss(): Plugin {
  const fontFace = /@font-face\s*\{[^}]*\}/g;
  const dataFont = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g;
  return {
    name: 'font-files-from-css',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const emitted = new Map<string, string>();
        const preload: string[] = [];
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css') || typeof file.source !== 'string') continue;
          if (!file.source.includes('data:font/woff2')) continue;
          file.source = file.source.replace(fontFace, (face) => {
            const family = /font-family:\s*['"]?([^;'"]+)/.exec(face)?.[1] ?? 'font';
            const weight = /font-weight:\s*(\d+)/.exec(face)?.[1] ?? '';
            const style = /font-style:\s*(\w+)/.exec(face)?.[1] ?? '';
            const name = [family.trim().toLowerCase().replace(/\W+/g, '-'), weight, style === 'italic' ? 'italic' : ''].filter(Boolean).join('-');
            return face.replace(dataFont, (_match, _quote, base64: string) => {
              let fileName = emitted.get(base64);
              if (!fileName) {
                const ref = this.emitFile({ type: 'asset', name: `${name}.woff2`, source: Buffer.from(base64, 'base64') });
                fileName = this.getFileName(ref);
                emitted.set(base64, fileName);
                if ((weight === '400' || weight === '700') && style !== 'italic') preload.push(fileName);
              }
              return `url(/${fileName})`;
            });
          });
        }
        const html = bundle['index.html'];
        if (html?.type === 'asset' && typeof html.source === 'string' && preload.length) {
          const links = preload.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`).join('\n    ');
          html.source = html.source.replace('</head>', `  ${links}\n  </head>`);
        }
      },
    },
  };
}

/**
 * The service worker (features/driver-app/service-worker.ts) is built as `/sw.js` at the site's
 * root, unhashed: its URL must stay the same across releases and its scope must be the whole site.
 * It imports nothing, so it shares no chunk with the app.
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL('./src/features/driver-app/service-worker.ts', import.meta.url)), fileName: 'sw.js' });
    },
  };
}

export default defineConfig({
  root: webRoot,
  // Every route is served index.html (SPA fallback), so asset URLs must be absolute.
  base: '/',
  plugins: [react(), contractRoutes(), languagePacks(), fontFilesFromCss(), entrySizeGuard(), serviceWorker()],
  // Every `zod` import (the web's and the shared contract's) gets zod set up for the site's CSP.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-under-csp.ts', import.meta.url)) }] },
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
