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

/**
 * Money as a reader's language writes it: the currency symbol before an amount (major units) with
 * two decimals, digits as `locale` writes them. A negative amount (a driver's cash owed) reads
 * "−$0.60", the sign before the symbol. The web shows every amount so; a message is worded so for
 * its reader (`shared/src/i18n/localized-notification.ts`).
 */
export function formatMoneyIn(amount: number, symbol: string, locale?: string): string {
  const digits = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(amount));
  return `${amount < 0 && digits !== new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(0) ? '−' : ''}${symbol}${digits}`;
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

/**
 * The most any single amount typed or sent at the API edge may be (minor units): 1,000,000.00.
 * Above it an amount is a typo or an attack, and far below where minor units stop being exact.
 */
export const MAX_MONEY_MINOR = 1_000_000_00;

/**
 * Money as text: digits (the leading ones may be left out, ".5"), one optional point and at most
 * two decimals. No signs, spaces, thousands separators, exponents, "Infinity" or trailing words:
 * "1,000" is not 1.00, "12abc" is not 12 and "1e2" is not 100.
 */
export const MONEY_TEXT = /^(?:\d{1,9}(?:\.\d{1,2})?|\.\d{1,2})$/;

export type MoneyRefusal = 'not_money' | 'too_many_decimals' | 'negative' | 'not_positive' | 'too_large';

export interface MoneyRule {
  /** Above 0 (a credit, a top-up, a withdrawal) rather than 0 or more (a price, a cap). */
  positive?: boolean;
  /** Minor units; MAX_MONEY_MINOR unless a smaller bound applies. */
  maxMinor?: number;
}

/**
 * The one strict rule for an amount of money entered anywhere (a form's text or a JSON number):
 * minor units, or why it is refused. A number must be finite, not negative and have at most two
 * decimals (1.005 is refused, not rounded); text must match MONEY_TEXT exactly.
 */
export function parseMoney(value: unknown, rule: MoneyRule = {}): { ok: true; minor: number } | { ok: false; reason: MoneyRefusal } {
  const max = rule.maxMinor ?? MAX_MONEY_MINOR;
  let minor: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'not_money' };
    if (value < 0) return { ok: false, reason: 'negative' };
    if (value > max / 100) return { ok: false, reason: 'too_large' };
    minor = Math.round(value * 100);
    // 12.5 * 100 is exactly 1250, 0.07 * 100 is 7.000000000000001: binary noise, not a third decimal.
    if (Math.abs(minor - value * 100) > 1e-6) return { ok: false, reason: 'too_many_decimals' };
  } else if (typeof value === 'string') {
    if (/^-\d/.test(value)) return { ok: false, reason: 'negative' };
    if (/^\d*\.\d{3,}$/.test(value)) return { ok: false, reason: 'too_many_decimals' };
    if (!MONEY_TEXT.test(value)) return { ok: false, reason: /^\d{10,}(?:\.\d{1,2})?$/.test(value) ? 'too_large' : 'not_money' };
    const [whole = '', cents = ''] = value.split('.');
    minor = Number(whole || '0') * 100 + Number(cents.padEnd(2, '0'));
  } else {
    return { ok: false, reason: 'not_money' };
  }
  if (minor > max) return { ok: false, reason: 'too_large' };
  if (rule.positive && minor <= 0) return { ok: false, reason: 'not_positive' };
  return { ok: true, minor };
}
