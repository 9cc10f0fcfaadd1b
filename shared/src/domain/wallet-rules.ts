import { parseMoney } from './money';
import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

/**
 * Spec §5 add to wallet: the amount above 0 (blank, being 0, is refused). Parsed by the one strict
 * money rule, not as a float: "1,000" is not 1.00 and "12abc" is not 12.
 */
export function parseWalletAmount(amount: unknown): { ok: true; minor: number } | { ok: false } {
  return parseMoney(amount, { positive: true });
}

/** A rider or driver must be chosen and the amount above 0 (a real amount of money), else no_details_error. */
export function validateAddToWallet(input: {
  userType: string | null | undefined;
  amount: unknown;
}): ValidationResult {
  return firstFailure(
    () => (input.userType === 'rider' || input.userType === 'driver' ? OK : fail('no_details_error', 'user')),
    () => (parseWalletAmount(input.amount).ok ? OK : fail('no_details_error', 'amount')),
  );
}
