import { fail, OK, type ValidationResult } from './validation-result';

export const REGISTER_PHONE_MIN_LENGTH = 6;
/** E.164 numbers have at most 15 digits; 20 leaves room without inviting junk. */
export const REGISTER_PHONE_MAX_LENGTH = 20;

/**
 * Spec §5 register phone: at least 6 typed characters, no '+', spaces or dashes (the dial code is
 * added separately), else mobile_no_blank_error. Only digits are accepted, since the value is
 * appended to '+<dial code>' to form the stored mobile.
 */
export function validateTypedPhone(phone: string | null | undefined): ValidationResult {
  const value = phone ?? '';
  const pattern = new RegExp(`^\\d{${REGISTER_PHONE_MIN_LENGTH},${REGISTER_PHONE_MAX_LENGTH}}$`);
  return pattern.test(value) ? OK : fail('mobile_no_blank_error', 'mobile');
}

/**
 * The stored mobile: '+' + country dial code + the typed digits. The dial code may come with or
 * without its own '+' and spacing ("+44", "1 684").
 */
export function buildMobile(dialCode: string | number, typed: string): string {
  const code = String(dialCode).replace(/\D/g, '');
  return `+${code}${typed.replace(/\D/g, '')}`;
}
