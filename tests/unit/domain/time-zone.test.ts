import { describe, expect, it } from 'vitest';
import { earningsPeriods } from '../../../shared/src/domain/earnings';
import {
  formatZonedInput, isTimeZone, operatorZone, timeZoneNames, tripInstant, zonedInputToMs, zonedPeriods, zoneOffsetMinutes,
} from '../../../shared/src/domain/time-zone';

const LA = 'America/Los_Angeles';
const utc = (iso: string) => Date.parse(`${iso}Z`);

describe("the operator's clock", () => {
  it("a San Francisco operator's today does not roll over at 4 pm: it is still yesterday's date in UTC's evening", () => {
    // 16:30 in Los Angeles on 25 November is 00:30 UTC on the 26th.
    expect(zonedPeriods(utc('2026-11-26T00:30'), LA)).toEqual({ day: '2026-11-25', month: '2026-11' });
    expect(zonedPeriods(utc('2026-11-26T07:59'), LA).day).toBe('2026-11-25');
    expect(zonedPeriods(utc('2026-11-26T08:00'), LA).day).toBe('2026-11-26');
    // The aggregates' filing follows the same keys.
    expect(earningsPeriods(utc('2026-11-26T00:30'), LA)).toEqual({ day: '2026-11-25', month: '2026-11' });
  });

  it('23:30 on the last day of a month is that month, though UTC is already in the next one', () => {
    // 31 March 23:30 PDT (UTC−7) is 1 April 06:30 UTC.
    expect(zonedPeriods(utc('2026-04-01T06:30'), LA)).toEqual({ day: '2026-03-31', month: '2026-03' });
    // 31 December 23:30 PST (UTC−8) is 1 January 07:30 UTC: the year too.
    expect(zonedPeriods(utc('2027-01-01T07:30'), LA)).toEqual({ day: '2026-12-31', month: '2026-12' });
  });

  it('days keep their midnight across the DST changes (the offset moves from −8 to −7 and back)', () => {
    expect(zoneOffsetMinutes(utc('2026-03-08T09:59'), LA)).toBe(-480);
    expect(zoneOffsetMinutes(utc('2026-03-08T10:00'), LA)).toBe(-420);
    // The night clocks go forward: 23:30 on the 7th (PST) and 23:30 on the 8th (PDT).
    expect(zonedPeriods(utc('2026-03-08T07:30'), LA).day).toBe('2026-03-07');
    expect(zonedPeriods(utc('2026-03-08T08:00'), LA).day).toBe('2026-03-08');
    expect(zonedPeriods(utc('2026-03-09T06:30'), LA).day).toBe('2026-03-08');
    expect(zonedPeriods(utc('2026-03-09T07:00'), LA).day).toBe('2026-03-09');
    // The night clocks go back: midnight is 07:00 UTC before it and 08:00 UTC after.
    expect(zonedPeriods(utc('2026-11-01T06:59'), LA).day).toBe('2026-10-31');
    expect(zonedPeriods(utc('2026-11-01T07:00'), LA).day).toBe('2026-11-01');
    expect(zonedPeriods(utc('2026-11-02T07:59'), LA).day).toBe('2026-11-01');
    expect(zonedPeriods(utc('2026-11-02T08:00'), LA).day).toBe('2026-11-02');
  });

  it('the Book Later field is read on the operator\'s clock, DST included; a skipped time is no time', () => {
    expect(zonedInputToMs('2026-11-25T23:30', LA)).toBe(utc('2026-11-26T07:30'));
    expect(zonedInputToMs('2026-07-04T23:30', LA)).toBe(utc('2026-07-05T06:30'));
    expect(zonedInputToMs('2026-03-08T01:59', LA)).toBe(utc('2026-03-08T09:59'));
    expect(zonedInputToMs('2026-03-08T02:30', LA)).toBeNull();
    expect(zonedInputToMs('2026-03-08T03:00', LA)).toBe(utc('2026-03-08T10:00'));
    // 01:30 happens twice on 1 November: the first (PDT) is meant.
    expect(zonedInputToMs('2026-11-01T01:30', LA)).toBe(utc('2026-11-01T08:30'));
    // Half-hour zones work as well as whole-hour ones.
    expect(zonedInputToMs('2026-01-01T00:00', 'Asia/Kolkata')).toBe(utc('2025-12-31T18:30'));
    expect(zonedInputToMs('2026-02-30T10:00', LA)).toBeNull();
    expect(formatZonedInput(utc('2026-11-26T07:30'), LA)).toBe('2026-11-25T23:30');
    expect(tripInstant('2026-11-25T23:30', LA)).toBe(utc('2026-11-26T07:30'));
    expect(tripInstant(utc('2026-11-26T07:30'), LA)).toBe(utc('2026-11-26T07:30'));
    expect(tripInstant('tomorrow', LA)).toBeNull();
  });

  it('only zone names the time zone database knows are zones; none stored means UTC', () => {
    for (const z of [LA, 'UTC', 'Europe/Madrid', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Etc/GMT+8']) expect(isTimeZone(z)).toBe(true);
    for (const z of ['Mars/Olympus_Mons', 'America/Los Angeles', '+05:00', '', 'PST8PDT; drop', 'a'.repeat(65), 42, null]) expect(isTimeZone(z)).toBe(false);
    expect(operatorZone({ timeZone: LA })).toBe(LA);
    expect(operatorZone({})).toBe('UTC');
    expect(operatorZone({ timeZone: 'Nowhere/Land' })).toBe('UTC');
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(timeZoneNames()).toContain(LA);
    // The picker offers current names where the runtime lists renamed ones (V8 lists Asia/Calcutta).
    expect(timeZoneNames()).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires']));
    expect(timeZoneNames()).not.toContain('Asia/Calcutta');
  });
});
