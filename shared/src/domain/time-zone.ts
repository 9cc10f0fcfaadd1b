import { parseDateTimeInput } from './time';

/**
 * The operator's clock. The platform counts days and months, and reads the Book Later field, in
 * one IANA time zone kept in the settings; servers run in UTC, so every conversion names the zone.
 * Built on Intl, which Node and every browser ship with the time zone database.
 */

/**
 * The zone when the settings name none. UTC is how days and months were filed before the zone was
 * a setting, so a deployment that has not chosen one keeps reading its aggregates as they were written.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

/** "Area/Location" names (and links such as UTC or US/Pacific); no offsets like "+05:00". */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock formatter of a zone, or null when Intl does not know the zone. */
function wallFormatter(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  try {
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
    return f;
  } catch {
    return null;
  }
}

/** True for an IANA zone name the runtime's time zone database knows. */
export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && ZONE_NAME.test(value) && wallFormatter(value) !== null;
}

/** The zone of the settings, or the default when none (or an unknown one) is stored. */
export function operatorZone(settings: { timeZone?: string | null } | null | undefined): string {
  const zone = settings?.timeZone;
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * Names the time zone database has since renamed that V8 still lists under the old spelling (its
 * ICU keeps them as canonical). An operator searches for Kolkata or Kyiv, so the picker offers the
 * current name wherever the runtime accepts it.
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata', 'Asia/Saigon': 'Asia/Ho_Chi_Minh', 'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon', 'Europe/Kiev': 'Europe/Kyiv', 'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk', 'Pacific/Truk': 'Pacific/Chuuk', 'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton', 'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca', 'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy', 'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis', 'America/Louisville': 'America/Kentucky/Louisville',
};

/** Every zone the runtime knows, for the settings picker, by current names; UTC first, as Intl may leave it out. */
export function timeZoneNames(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const current = listed.map((z) => (RENAMED[z] && isTimeZone(RENAMED[z]) ? RENAMED[z] : z));
  return [DEFAULT_TIME_ZONE, ...[...new Set(current)].filter((z) => z !== DEFAULT_TIME_ZONE).sort()];
}

export interface WallTime { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The wall clock of `timeZone` at an instant. */
export function wallTime(ms: number, timeZone: string): WallTime {
  const f = wallFormatter(timeZone) ?? wallFormatter(DEFAULT_TIME_ZONE)!;
  const parts = f.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The zone's calendar day (YYYY-MM-DD) and month (YYYY-MM) of an instant: the keys days and months are filed under. */
export function zonedPeriods(ms: number, timeZone: string): { day: string; month: string } {
  const w = wallTime(ms, timeZone);
  const month = `${pad(w.year, 4)}-${pad(w.month)}`;
  return { day: `${month}-${pad(w.day)}`, month };
}

/**
 * A wall-clock time of the zone (the Book Later field's 'YYYY-MM-DDTHH:mm') as an instant. Null
 * when malformed or when that time does not happen there (the hour skipped when clocks go
 * forward); in the hour that repeats when clocks go back, the first of the two.
 */
export function zonedInputToMs(text: string, timeZone: string): number | null {
  const p = parseDateTimeInput(text);
  if (!p) return null;
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  // The offsets either side of the moment: trying both finds the instant across a change of offset.
  const candidates = [...new Set([
    zoneOffsetMinutes(asUtc - 86_400_000, timeZone), zoneOffsetMinutes(asUtc, timeZone), zoneOffsetMinutes(asUtc + 86_400_000, timeZone),
  ])].map((offset) => asUtc - offset * 60_000).sort((a, b) => a - b);
  return candidates.find((ms) => formatZonedInput(ms, timeZone) === formatZonedInput(asUtc, DEFAULT_TIME_ZONE)) ?? null;
}

/** An instant as the zone's 'YYYY-MM-DDTHH:mm' (the Book Later field's value and minimum). */
export function formatZonedInput(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * A Book Later time as sent: an instant (ms), or the field's wall-clock text, which means the
 * operator's zone whatever the rider's device says. Null when absent, malformed or a time the
 * zone skips, so the booking rules answer select_proper.
 */
export function tripInstant(value: number | string | null | undefined, timeZone: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value : zonedInputToMs(value, timeZone);
}

/**
 * The first instant of a calendar day (YYYY-MM-DD) in the zone: its midnight, or the first minute
 * after the gap where a zone moves its clocks at midnight. Null for a malformed day.
 */
export function zonedDayStart(day: string, timeZone: string): number | null {
  for (const hour of ['00:00', '00:30', '01:00', '02:00']) {
    const ms = zonedInputToMs(`${day}T${hour}`, timeZone);
    if (ms !== null) return ms;
  }
  return null;
}

/** The first and last millisecond of the days `from`..`to` (YYYY-MM-DD) on the zone's clock: a trip-date range. */
export function zonedDayRange(from: string, to: string, timeZone: string): { from: number; to: number } | null {
  const start = zonedDayStart(from, timeZone);
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const end = zonedDayStart(next, timeZone);
  return start === null || end === null ? null : { from: start, to: end - 1 };
}
