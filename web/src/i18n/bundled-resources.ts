import { BUNDLED_LANGUAGES, DEFAULT_LANGUAGE, defaultTranslations, otherTranslations } from 'virtual:language-packs';
import { i18n } from './i18n';

/**
 * The texts shipped inside the bundle (spec §8 catalogue from `messages.ts` plus the interface
 * strings from `ui-strings.ts`, merged by the shared `bundledLanguagePacks`), so the site speaks
 * English and Spanish even when the language list cannot be fetched. Server packs are layered
 * on top at start. Only the default language's texts are part of the first route (i18n.ts); each
 * other language's arrive, as their own chunk, when that language is first used.
 */
export { BUNDLED_LANGUAGES, DEFAULT_LANGUAGE, defaultTranslations };

const loaded = new Map<string, Promise<void>>();

/**
 * Adds the bundled texts of `code` under whatever a server pack already set (deep, no
 * overwrite: the server's texts refine the bundled ones). A language with no bundled pack, or a
 * chunk that fails to load, leaves the server pack and the default language to speak.
 */
export function loadBundledLanguage(code: string): Promise<void> {
  const load = otherTranslations[code];
  if (!load) return Promise.resolve();
  let done = loaded.get(code);
  if (!done) {
    done = load().then(
      (translations) => {
        i18n.addResourceBundle(code, 'translation', translations, true, false);
      },
      () => {
        loaded.delete(code);
      },
    );
    loaded.set(code, done);
  }
  return done;
}
