/** A YYYY-MM-DD day in the reader's language; the day itself, not an instant, so no zone moves it. */
export function formatDay(day: string, locale: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}
