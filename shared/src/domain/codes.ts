import { randomInt, type RandomSource } from './random';
import { fail, OK, type ValidationResult } from './validation-result';

export const ONE_TIME_CODE_MIN = 10000;
export const ONE_TIME_CODE_MAX = 99999;
export const LOGIN_OTP_MIN = 100000;
export const LOGIN_OTP_MAX = 999999;
export const REFERRAL_SUFFIX_MIN = 1000;
export const REFERRAL_SUFFIX_MAX = 9999;

/**
 * Spec §5: the trip's one-time code (5 digits) exists only when settings' otp_secure is on;
 * otherwise the booking carries none.
 */
export function makeOneTimeCode(otpSecure: boolean, random: RandomSource = Math.random): number | undefined {
  return otpSecure ? randomInt(ONE_TIME_CODE_MIN, ONE_TIME_CODE_MAX, random) : undefined;
}

/** 6-digit login OTP as the string the user types (never a leading zero). */
export function makeLoginOtp(random: RandomSource = Math.random): string {
  return String(randomInt(LOGIN_OTP_MIN, LOGIN_OTP_MAX, random));
}

/** Spec §5: exactly 6 digits, 100000–999999, else otp_validate_error. */
export function validateLoginOtp(otp: string | number | null | undefined): ValidationResult {
  const text = typeof otp === 'number' ? String(otp) : (otp ?? '').trim();
  if (!/^\d{6}$/.test(text)) return fail('otp_validate_error', 'otp');
  const value = Number(text);
  return value >= LOGIN_OTP_MIN && value <= LOGIN_OTP_MAX ? OK : fail('otp_validate_error', 'otp');
}

/**
 * Spec §3 referral id: lowercase first name + 1000–9999, or 'temp' + digits when the name is
 * blank. Whitespace is dropped so the id can be typed back as one word.
 */
export function makeReferralId(firstName: string | null | undefined, random: RandomSource = Math.random): string {
  const stem = (firstName ?? '').replace(/\s+/g, '').toLowerCase() || 'temp';
  return stem + randomInt(REFERRAL_SUFFIX_MIN, REFERRAL_SUFFIX_MAX, random);
}

/** Apple sign-in gives no reliable name, so its users get 'rider' + 4 digits. */
export function makeAppleReferralId(random: RandomSource = Math.random): string {
  return 'rider' + randomInt(REFERRAL_SUFFIX_MIN, REFERRAL_SUFFIX_MAX, random);
}

const BOOKING_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A booking id a person can read out on the phone: 'BK' + 8 characters without the look-alikes
 * 0/O and 1/I (32^8 ≈ 10^12 ids; the create is conditional, so a collision is refused, not merged).
 */
export function makeBookingId(random: RandomSource = Math.random): string {
  let id = 'BK';
  for (let i = 0; i < 8; i++) id += BOOKING_ID_ALPHABET[randomInt(0, BOOKING_ID_ALPHABET.length - 1, random)];
  return id;
}
