import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBundledLanguage } from './bundled-resources';
import { rememberLanguage, type LanguageOption } from './language-packs';

interface LanguagesContextValue {
  languages: readonly LanguageOption[];
  current: string;
  change: (code: string) => void;
}

const LanguagesContext = createContext<LanguagesContextValue | null>(null);

export function LanguagesProvider({ languages, children }: { languages: readonly LanguageOption[]; children: ReactNode }) {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  // Screen readers and hyphenation follow <html lang>.
  useEffect(() => {
    document.documentElement.lang = current;
  }, [current]);
  const change = useCallback(
    (code: string) => {
      rememberLanguage(code);
      void loadBundledLanguage(code).then(() => i18n.changeLanguage(code));
    },
    [i18n],
  );
  const value = useMemo(() => ({ languages, current, change }), [languages, current, change]);
  return <LanguagesContext.Provider value={value}>{children}</LanguagesContext.Provider>;
}

export function useLanguages(): LanguagesContextValue {
  const value = useContext(LanguagesContext);
  if (!value) throw new Error('useLanguages must be used inside LanguagesProvider');
  return value;
}
