/**
 * Spec §3 Withdraw, §4 Withdraw, §6 "a driver may request a withdrawal": the pure rules of a
 * request. The web's form and the server use the same ones.
 */

import { MAX_MONEY_MINOR, parseMoney, type MoneyRefusal } from './money';

/** Above this a withdrawal is a typo, not a payout (minor units): 1,000,000.00. */
export const MAX_WITHDRAW_MINOR = MAX_MONEY_MINOR;

/** The bank details a request carries (spec §3 Withdraw), required while settings `bank_fields` is on. */
export const BANK_FIELDS = ['bankName', 'bankCode', 'bankAccount'] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankDetails = Partial<Record<BankField, string>>;

/**
 * The amount a driver typed, as minor units, or why not: the strict money rule (`parseMoney`),
 * above 0 and at most 1,000,000.00. Text must be plain digits ("12", "12.5", "12.50"): no signs,
 * spaces, exponents, "NaN" or trailing words.
 */
export function parseWithdrawAmount(amount: unknown): { ok: true; minor: number } | { ok: false; reason: MoneyRefusal } {
  return parseMoney(amount, { positive: true, maxMinor: MAX_WITHDRAW_MINOR });
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
