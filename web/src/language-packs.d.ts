/**
 * The texts the web ships with, from shared/src/i18n, built by the language-packs plugin of
 * web/vite.config.ts: the default language's texts are in the first route, the others are loaded
 * on demand.
 */
declare module 'virtual:language-packs' {
  export const DEFAULT_LANGUAGE: string;
  export const BUNDLED_LANGUAGES: readonly { code: string; name: string }[];
  export const defaultTranslations: Record<string, string>;
  export const otherTranslations: Readonly<Record<string, () => Promise<Record<string, string>>>>;
}
