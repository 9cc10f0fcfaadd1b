import { fail, OK, type ValidationResult } from './validation-result';

/** Spec §5: three rules exist; registration applies only 'alphanumeric'. */
export type PasswordRule = 'any' | 'alphanumeric' | 'complex';
export const APPLIED_PASSWORD_RULE: PasswordRule = 'alphanumeric';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 30;

const ALPHANUMERIC = /^[a-zA-Z0-9@*#]{6,30}$/;

function isComplex(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 30 &&
    !/\s/.test(password) &&
    /\d/.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[^a-zA-Z0-9]/.test(password)
  );
}

/**
 * An empty password is password_blank_messege under every rule; otherwise each rule fails with
 * its own key (password_alphaNumeric_check, password_complexity_check).
 */
export function validatePassword(
  password: string | null | undefined,
  rule: PasswordRule = APPLIED_PASSWORD_RULE,
): ValidationResult {
  const value = password ?? '';
  if (value.length === 0) return fail('password_blank_messege', 'password');
  switch (rule) {
    case 'any':
      return OK;
    case 'alphanumeric':
      return ALPHANUMERIC.test(value) ? OK : fail('password_alphaNumeric_check', 'password');
    case 'complex':
      return isComplex(value) ? OK : fail('password_complexity_check', 'password');
  }
}
