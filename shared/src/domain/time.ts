import { fail, OK, type ValidationResult } from './validation-result';

/** Spec §9: a Book Later trip must be at least this far ahead. */
export const MIN_BOOK_LATER_MINUTES = 15;

const MS_PER_MINUTE = 60_000;

/** Spec §9: (date − now) / 60000; negative for past dates. */
export function minutesUntil(date: number | Date, now: number = Date.now()): number {
  return ((typeof date === 'number' ? date : date.getTime()) - now) / MS_PER_MINUTE;
}

export interface DateTimeParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const INPUT_FORMAT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * Parses the date-time input's 'YYYY-MM-DDTHH:mm'. Null when malformed or not a real calendar
 * moment (2024-02-30, 25:00), so callers can report select_proper.
 */
export function parseDateTimeInput(text: string): DateTimeParts | null {
  const m = INPUT_FORMAT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || day < 1) return null;
  // Day 0 of the next month is the last day of this one; UTC avoids DST gaps in the check.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day, hour, minute };
}

/**
 * 'local' reads the value as the browser's datetime-local input means it (the user's clock);
 * 'utc' is for servers and tests that must not depend on the machine's zone.
 */
export type ClockZone = 'local' | 'utc';

/** 'YYYY-MM-DDTHH:mm' → ms timestamp, or null when invalid. */
export function dateTimeInputToMs(text: string, zone: ClockZone = 'local'): number | null {
  const p = parseDateTimeInput(text);
  if (!p) return null;
  return zone === 'utc'
    ? Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
    : new Date(p.year, p.month - 1, p.day, p.hour, p.minute).getTime();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ms timestamp → 'YYYY-MM-DDTHH:mm' (e.g. for the input's value or min attribute). */
export function formatDateTimeInput(ms: number, zone: ClockZone = 'local'): string {
  const d = new Date(ms);
  const utc = zone === 'utc';
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  const month = (utc ? d.getUTCMonth() : d.getMonth()) + 1;
  const day = utc ? d.getUTCDate() : d.getDate();
  const hour = utc ? d.getUTCHours() : d.getHours();
  const minute = utc ? d.getUTCMinutes() : d.getMinutes();
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/**
 * Spec §5 Book Later: a date is required (select_proper) and must be at least 15 minutes ahead
 * (past_booking_error); exactly 15 minutes passes. A string is read in the input format
 * (local clock).
 */
export function validateBookLaterDate(
  tripdate: number | Date | string | null | undefined,
  now: number = Date.now(),
): ValidationResult {
  let ms: number | null;
  if (tripdate === null || tripdate === undefined || tripdate === '') ms = null;
  else if (typeof tripdate === 'string') ms = dateTimeInputToMs(tripdate);
  else ms = typeof tripdate === 'number' ? tripdate : tripdate.getTime();
  if (ms === null || !Number.isFinite(ms)) return fail('select_proper', 'tripdate');
  if (minutesUntil(ms, now) < MIN_BOOK_LATER_MINUTES) return fail('past_booking_error', 'tripdate');
  return OK;
}
