/**
 * Spec §3 Withdraw, §4 Withdraw, §6 "a driver may request a withdrawal": the pure rules of a
 * request. The web's form and the server use the same ones.
 */

/** Above this a withdrawal is a typo, not a payout (minor units): 1,000,000.00. */
export const MAX_WITHDRAW_MINOR = 1_000_000_00;

/** The bank details a request carries (spec §3 Withdraw), required while settings `bank_fields` is on. */
export const BANK_FIELDS = ['bankName', 'bankCode', 'bankAccount'] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankDetails = Partial<Record<BankField, string>>;

const DECIMAL_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The amount a driver typed, as minor units, or why not: a positive amount of money with at most
 * two decimals and at most 1,000,000.00. Text must be plain digits ("12", "12.5", "12.50"): no
 * signs, exponents, "NaN" or trailing words.
 */
export function parseWithdrawAmount(amount: unknown): { ok: true; minor: number } | { ok: false; reason: 'not_a_number' | 'not_positive' | 'too_many_decimals' | 'too_large' } {
  let value: number;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return { ok: false, reason: 'not_a_number' };
    value = amount;
  } else if (typeof amount === 'string') {
    const text = amount.trim();
    if (text.startsWith('-')) return { ok: false, reason: 'not_positive' };
    if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'too_many_decimals' };
    if (!DECIMAL_TEXT.test(text)) return { ok: false, reason: /^\d{10,}(\.\d*)?$/.test(text) ? 'too_large' : 'not_a_number' };
    value = Number(text);
  } else {
    return { ok: false, reason: 'not_a_number' };
  }
  if (value <= 0) return { ok: false, reason: 'not_positive' };
  const minor = Math.round(value * 100);
  if (Math.abs(minor - value * 100) > 1e-6) return { ok: false, reason: 'too_many_decimals' };
  if (minor > MAX_WITHDRAW_MINOR) return { ok: false, reason: 'too_large' };
  if (minor <= 0) return { ok: false, reason: 'not_positive' };
  return { ok: true, minor };
}

/**
 * The bank details a request stores: each field from the request when given, else the driver's
 * profile field of the same name. With `bank_fields` on, all three are required (`missing` names
 * the absent ones); with it off, whatever exists is kept and nothing is required.
 */
export function resolveBankDetails(
  bankFieldsOn: boolean,
  given: BankDetails,
  profile: BankDetails,
): { details: BankDetails; missing: BankField[] } {
  const details: BankDetails = {};
  const missing: BankField[] = [];
  for (const f of BANK_FIELDS) {
    const value = (given[f] ?? '').trim() || (profile[f] ?? '').trim();
    if (value) details[f] = value;
    else if (bankFieldsOn) missing.push(f);
  }
  return { details, missing };
}

/** The ledger reference of a request's hold: one per request, so a replay moves nothing. */
export function withdrawTxRef(withdrawId: string): string {
  return `withdraw:${withdrawId}`;
}
