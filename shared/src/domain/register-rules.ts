import { isEmailGeneral } from './email';
import { validatePassword } from './password';
import { validateTypedPhone } from './phone';
import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

/** Spec §5: a name needs at least one non-blank character, else proper_input_name. */
export function validateName(name: string | null | undefined, field = 'name'): ValidationResult {
  return name && name.trim().length > 0 ? OK : fail('proper_input_name', field);
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The phone as typed, without the dial code. */
  mobile: string;
}

/**
 * Spec §5 register form, checked in field order: names (proper_input_name), email general
 * pattern (proper_email), password alphanumeric rule, typed phone (mobile_no_blank_error).
 */
export function validateRegistration(input: RegisterInput): ValidationResult {
  return firstFailure(
    () => validateName(input.firstName, 'firstName'),
    () => validateName(input.lastName, 'lastName'),
    () => (isEmailGeneral((input.email ?? '').trim()) ? OK : fail('proper_email', 'email')),
    () => validatePassword(input.password),
    () => validateTypedPhone(input.mobile),
  );
}
