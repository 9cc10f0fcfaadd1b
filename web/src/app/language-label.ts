import type { TFunction } from 'i18next';

/**
 * The spoken name of a language selector that shows the current language: it holds the shown
 * name (WCAG 2.5.3 label in name), so a voice-control user can say what they see ("English").
 */
export function languageLabel(t: TFunction, shown: string): string {
  return `${t('language')}: ${shown}`;
}
