import { isEmailGeneral } from './email';
import { fail, OK, type ValidationResult } from './validation-result';

/** Spec §5 email login: a well-formed email and a non-empty password, else login_validate_error. */
export function validateEmailLogin(input: { email: string | null | undefined; password: string | null | undefined }): ValidationResult {
  const email = (input.email ?? '').trim();
  if (!isEmailGeneral(email)) return fail('login_validate_error', 'email');
  if (!input.password) return fail('login_validate_error', 'password');
  return OK;
}
