import { isEmailSimple } from './email';
import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  mobile?: string | null;
}

const filled = (value: string | null | undefined) => (value ?? '').trim().length > 0;

/**
 * Spec §5 profile save: first name, last name, email and mobile are required and the email must
 * match the simple pattern. The spec names only proper_email, so a missing name reports
 * proper_input_name and a missing mobile mobile_no_blank_error.
 */
export function validateProfile(input: ProfileInput): ValidationResult {
  return firstFailure(
    () => (filled(input.firstName) ? OK : fail('proper_input_name', 'firstName')),
    () => (filled(input.lastName) ? OK : fail('proper_input_name', 'lastName')),
    () => (isEmailSimple((input.email ?? '').trim()) ? OK : fail('proper_email', 'email')),
    () => (filled(input.mobile) ? OK : fail('mobile_no_blank_error', 'mobile')),
  );
}
