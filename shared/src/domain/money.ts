/**
 * Money is held as integer minor units (cents) so sums never drift; decimals appear only at the
 * API edge and in display. Spec §9: money rounds to 2 decimals, ratings to 1.
 */

/**
 * Rounds half away from zero. Scaling first and trimming to 15 significant digits removes binary
 * noise, so 1.005 (stored as 1.00499999…) rounds to 1.01 as a person expects.
 */
export function roundHalfAwayFromZero(x: number, decimals = 0): number {
  if (!Number.isFinite(x)) return x;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(x) * factor).toPrecision(15));
  // `+ 0` turns a negative zero into zero so -0.001 does not print as "-0.00".
  return (Math.sign(x) * Math.round(scaled)) / factor + 0;
}

/** Spec's 2-decimal rounding for decimal money. */
export function round2(x: number): number {
  return roundHalfAwayFromZero(x, 2);
}

/** Spec's 1-decimal rounding for ratings. */
export function round1(x: number): number {
  return roundHalfAwayFromZero(x, 1);
}

/** A fractional minor amount (e.g. rate × distance) to whole minor units: 2-decimal rounding. */
export function roundMinor(minor: number): number {
  return roundHalfAwayFromZero(minor, 0);
}

/** Decimal amount (12.34) → minor units (1234). */
export function toMinor(decimal: number): number {
  return roundMinor(decimal * 100);
}

/** Minor units (1234) → decimal amount (12.34). */
export function toDecimal(minor: number): number {
  return roundMinor(minor) / 100;
}

/**
 * "$12.34", "-$0.50". Built from integer parts rather than toFixed so no float error can leak
 * into the text.
 */
export function formatMoney(minor: number, symbol = ''): string {
  const whole = roundMinor(minor);
  const abs = Math.abs(whole);
  const units = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${whole < 0 ? '-' : ''}${symbol}${units}.${cents}`;
}

/** `percent` % of an amount in minor units, rounded to whole minor units. */
export function percentOf(minor: number, percent: number): number {
  return roundMinor((minor * percent) / 100);
}

/** What share of `total` `part` is, in percent (2 decimals); 0 when total is 0. */
export function percentage(part: number, total: number): number {
  return total === 0 ? 0 : round2((part / total) * 100);
}

/** Sum of minor amounts; undefined/null entries count as 0. */
export function sumMinor(values: ReadonlyArray<number | null | undefined>): number {
  let sum = 0;
  for (const v of values) sum += v ?? 0;
  return sum;
}
