import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, defaultTranslations } from 'virtual:language-packs';

/**
 * The one i18next instance. Initialised synchronously from the default language's bundled texts
 * so that even the start-up spinner and the config error screen are translated; the other bundled
 * languages are added when used (bundled-resources).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { translation: defaultTranslations } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  // React escapes on render; escaping here too would show '&amp;' in the UI.
  interpolation: { escapeValue: false },
  returnNull: false,
});
