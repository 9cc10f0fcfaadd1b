import type { TFunction } from 'i18next';

/** The estimate's distance in its unit (km, or miles with convert_to_mile), one decimal. */
export function formatDistance(t: TFunction, value: number, unit: 'km' | 'mile', locale: string): string {
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return t(unit === 'mile' ? 'bf_distance_mile' : 'bf_distance_km', { value: text });
}

/** Seconds as "25 min" or "1 h 5 min"; at least a minute, since a trip never takes none. */
export function formatDuration(t: TFunction, seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t('bf_duration_min', { minutes });
  return t('bf_duration_h_min', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** A trip date (ms) in the user's language, on the operator's clock (where the trip happens). */
export function formatTripDate(ms: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
}
