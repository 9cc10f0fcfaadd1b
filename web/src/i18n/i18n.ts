import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledResources, DEFAULT_LANGUAGE } from './bundled-resources';

/**
 * The one i18next instance. Initialised synchronously from bundled resources so that even the
 * start-up spinner and the config error screen are translated.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(bundledResources).map(([lng, translation]) => [lng, { translation }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  // React escapes on render; escaping here too would show '&amp;' in the UI.
  interpolation: { escapeValue: false },
  returnNull: false,
});
