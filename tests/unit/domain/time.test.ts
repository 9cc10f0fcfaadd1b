import { describe, expect, it } from 'vitest';
import {
  dateTimeInputToMs, formatDateTimeInput, minutesUntil, parseDateTimeInput, validateBookLaterDate,
} from '../../../shared/src/domain/time';

const NOW = Date.UTC(2025, 0, 10, 12, 0);
const MIN = 60_000;

describe('§9 minutes until a date', () => {
  it.each([
    [NOW + 15 * MIN, 15],
    [NOW - 30 * MIN, -30],
    [NOW + 90_000, 1.5],
  ])('minutesUntil(%s) = %s', (date, minutes) => {
    expect(minutesUntil(date, NOW)).toBe(minutes);
  });

  it('accepts a Date', () => {
    expect(minutesUntil(new Date(NOW + 60 * MIN), NOW)).toBe(60);
  });
});

describe('§5 Book Later date', () => {
  it.each([
    { name: 'missing', date: undefined, expected: 'select_proper' },
    { name: 'null', date: null, expected: 'select_proper' },
    { name: 'empty text', date: '', expected: 'select_proper' },
    { name: 'malformed text', date: '2025-01-10 12:30', expected: 'select_proper' },
    { name: 'in the past', date: NOW - MIN, expected: 'past_booking_error' },
    { name: 'now', date: NOW, expected: 'past_booking_error' },
    { name: '14 minutes 59 seconds ahead', date: NOW + 15 * MIN - 1000, expected: 'past_booking_error' },
    { name: 'exactly 15 minutes ahead', date: NOW + 15 * MIN, expected: null },
    { name: 'a day ahead', date: new Date(NOW + 24 * 60 * MIN), expected: null },
  ])('$name → $expected', ({ date, expected }) => {
    const r = validateBookLaterDate(date, NOW);
    expect(r.ok ? null : r.key).toBe(expected);
  });

  it('reads input text on the local clock', () => {
    const text = formatDateTimeInput(NOW + 20 * MIN);
    expect(validateBookLaterDate(text, NOW).ok).toBe(true);
  });
});

describe('§9 date-time input YYYY-MM-DDTHH:mm', () => {
  it.each([
    ['2025-03-07T09:05', { year: 2025, month: 3, day: 7, hour: 9, minute: 5 }],
    ['2024-02-29T23:59', { year: 2024, month: 2, day: 29, hour: 23, minute: 59 }],
    [' 2025-12-31T00:00 ', { year: 2025, month: 12, day: 31, hour: 0, minute: 0 }],
  ])('parses %s', (text, parts) => {
    expect(parseDateTimeInput(text)).toEqual(parts);
  });

  it.each([
    '2025-02-29T10:00',
    '2025-13-01T10:00',
    '2025-00-01T10:00',
    '2025-01-00T10:00',
    '2025-01-01T24:00',
    '2025-01-01T10:60',
    '2025-1-1T10:00',
    '2025-01-01T10:00:00',
    '2025-01-01',
    'garbage',
  ])('rejects %s', (text) => {
    expect(parseDateTimeInput(text)).toBeNull();
    expect(dateTimeInputToMs(text)).toBeNull();
  });

  it('round-trips in UTC and locally', () => {
    expect(dateTimeInputToMs('2025-01-10T12:00', 'utc')).toBe(NOW);
    expect(formatDateTimeInput(NOW, 'utc')).toBe('2025-01-10T12:00');
    const local = dateTimeInputToMs('2025-06-15T08:30')!;
    expect(formatDateTimeInput(local)).toBe('2025-06-15T08:30');
  });
});
