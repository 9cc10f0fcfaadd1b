import { bundledLanguagePacks } from '../../../shared/src/i18n/language-packs';
import { DEFAULT_LANGUAGE } from '../../../shared/src/i18n/messages';

/**
 * The texts shipped inside the bundle (spec §8 catalogue from `messages.ts` plus the interface
 * strings from `ui-strings.ts`, merged by the shared `bundledLanguagePacks`), so the site speaks
 * English and Spanish even when the language list cannot be fetched. Server packs are layered
 * on top at start.
 */
export const BUNDLED_LANGUAGES = bundledLanguagePacks.map(({ code, name }) => ({ code, name }));

export const bundledResources: Record<string, Record<string, string>> = Object.fromEntries(
  bundledLanguagePacks.map((pack) => [pack.code, pack.translations]),
);

export { DEFAULT_LANGUAGE };
