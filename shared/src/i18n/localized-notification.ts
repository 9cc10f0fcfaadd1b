import { fillNotification, NOTIFICATIONS, TERMS, type NotificationKind } from './notifications';
import { NOTIFICATIONS_ES, TERMS_ES } from './notifications-es';

/** The languages the platform's messages are written in; any other reads English. */
const BY_LANGUAGE: Record<string, { texts: Record<NotificationKind, { title: string; body: string }>; terms: Record<string, string> }> = {
  en: { texts: NOTIFICATIONS, terms: TERMS },
  es: { texts: NOTIFICATIONS_ES, terms: TERMS_ES },
};

/** `es-MX` reads Spanish, `pt` (no texts of its own) English. */
export function notificationLanguage(language: string | undefined): string {
  const base = (language ?? '').toLowerCase().split('-')[0] ?? '';
  return base in BY_LANGUAGE ? base : 'en';
}

/**
 * A platform message worded in `language` from its kind and values, or undefined when it cannot
 * be (a kind the platform does not know, or a message kept without its values): the reader then
 * shows the English text the message was written with.
 */
export function localizedNotification(kind: string, values: unknown, language: string | undefined): { title: string; body: string } | undefined {
  const base = notificationLanguage(language);
  const set = BY_LANGUAGE[base]!;
  if (!(kind in set.texts) || !values || typeof values !== 'object') return undefined;
  const text = set.texts[kind as NotificationKind];
  const v = values as Record<string, unknown>;
  // Numbers as the reader's own tag writes them (es-MX: 5.00, es: 5,00); English for a language read in English.
  const locale = base === 'en' ? 'en' : language;
  return { title: fillNotification(text.title, v, set.terms, locale), body: fillNotification(text.body, v, set.terms, locale) };
}
