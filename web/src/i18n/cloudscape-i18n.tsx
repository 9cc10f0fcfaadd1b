import { I18nProvider, type I18nProviderProps } from '@cloudscape-design/components/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Messages = I18nProviderProps.Messages;
type Loader = () => Promise<{ default: Messages }>;

/**
 * Cloudscape's own message files, one lazy chunk each, so only languages actually used are
 * downloaded. (The package's `i18n/dynamic` helper does the same but is not in its exports map.)
 */
const LOADERS: Record<string, Loader> = {
  ar: () => import('@cloudscape-design/components/i18n/messages/all.ar'),
  de: () => import('@cloudscape-design/components/i18n/messages/all.de'),
  en: () => import('@cloudscape-design/components/i18n/messages/all.en'),
  'en-gb': () => import('@cloudscape-design/components/i18n/messages/all.en-GB'),
  es: () => import('@cloudscape-design/components/i18n/messages/all.es'),
  fr: () => import('@cloudscape-design/components/i18n/messages/all.fr'),
  id: () => import('@cloudscape-design/components/i18n/messages/all.id'),
  it: () => import('@cloudscape-design/components/i18n/messages/all.it'),
  ja: () => import('@cloudscape-design/components/i18n/messages/all.ja'),
  ko: () => import('@cloudscape-design/components/i18n/messages/all.ko'),
  'pt-br': () => import('@cloudscape-design/components/i18n/messages/all.pt-BR'),
  th: () => import('@cloudscape-design/components/i18n/messages/all.th'),
  tr: () => import('@cloudscape-design/components/i18n/messages/all.tr'),
  'zh-cn': () => import('@cloudscape-design/components/i18n/messages/all.zh-CN'),
  'zh-tw': () => import('@cloudscape-design/components/i18n/messages/all.zh-TW'),
};

/** 'es-MX' → es-mx, then es; anything unknown uses English like the rest of the UI (fallbackLng). */
function cloudscapeLocale(locale: string): string {
  const lower = locale.toLowerCase();
  const base = lower.split('-')[0] ?? '';
  return lower in LOADERS ? lower : base in LOADERS ? base : 'en';
}

/** Cloudscape's own texts (pagination labels, aria strings, ...) in the current language. */
export function CloudscapeI18n({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = cloudscapeLocale(i18n.resolvedLanguage ?? i18n.language);
  const [messages, setMessages] = useState<ReadonlyArray<Messages>>([]);

  useEffect(() => {
    let cancelled = false;
    const load = LOADERS[locale] ?? LOADERS.en;
    if (!load) return;
    load()
      .then((mod) => {
        if (!cancelled) setMessages([mod.default]);
      })
      // A failed chunk load only costs Cloudscape's built-in texts; our own strings still show.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [locale]);

  return (
    <I18nProvider locale={locale} messages={messages}>
      {children}
    </I18nProvider>
  );
}
