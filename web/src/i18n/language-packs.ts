import type { LanguagePack } from '../../../shared/src/contract';
import type { ApiClient } from '../api/client';
import { BUNDLED_LANGUAGES, DEFAULT_LANGUAGE, loadBundledLanguage } from './bundled-resources';
import { i18n } from './i18n';

export interface LanguageOption {
  code: string;
  name: string;
}

export interface LanguageSetup {
  languages: LanguageOption[];
  /** True when getLanguages failed and the bundled languages are used (spec §8 'Language fetch failed'). */
  failed: boolean;
}

const STORAGE_KEY = 'language';

export function rememberLanguage(code: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode or storage disabled: the choice simply is not remembered.
  }
}

function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyPacks(packs: readonly LanguagePack[]): void {
  for (const pack of packs) {
    // deep + overwrite: a server pack refines the bundled texts rather than replacing them.
    i18n.addResourceBundle(pack.code, 'translation', pack.translations, true, true);
  }
}

/**
 * Loads the server's language packs; the first one is the default (spec §1). A language the
 * visitor picked earlier wins if it is still offered.
 */
export async function setUpLanguages(api: ApiClient): Promise<LanguageSetup> {
  let languages: LanguageOption[];
  let defaultCode: string;
  let failed = false;
  try {
    const { items } = await api.getLanguages();
    if (items.length === 0) throw new Error('empty language list');
    applyPacks(items);
    languages = items.map(({ code, name }) => ({ code, name }));
    defaultCode = items[0]?.code ?? DEFAULT_LANGUAGE;
  } catch {
    failed = true;
    languages = [...BUNDLED_LANGUAGES];
    defaultCode = DEFAULT_LANGUAGE;
  }
  const remembered = rememberedLanguage();
  const initial = remembered && languages.some((l) => l.code === remembered) ? remembered : defaultCode;
  await loadBundledLanguage(initial);
  await i18n.changeLanguage(initial);
  return { languages, failed };
}
