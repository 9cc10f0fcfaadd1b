import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

/**
 * Spec §5 add to wallet: the amount is parsed as a float with blank meaning 0. Unparseable text
 * is NaN, which the > 0 check then rejects.
 */
export function parseWalletAmount(amount: string | number | null | undefined): number {
  if (typeof amount === 'number') return amount;
  const text = (amount ?? '').trim();
  return text === '' ? 0 : Number.parseFloat(text);
}

/** A rider or driver must be chosen and the amount above 0, else no_details_error. */
export function validateAddToWallet(input: {
  userType: string | null | undefined;
  amount: string | number | null | undefined;
}): ValidationResult {
  return firstFailure(
    () => (input.userType === 'rider' || input.userType === 'driver' ? OK : fail('no_details_error', 'user')),
    () => {
      const amount = parseWalletAmount(input.amount);
      return Number.isFinite(amount) && amount > 0 ? OK : fail('no_details_error', 'amount');
    },
  );
}
