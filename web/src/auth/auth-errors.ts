import { isApiError } from '../api/client';
import { UnsupportedSignInStepError } from './session';

/** Cognito exception names mapped to our translation keys; anything else shows the raw text. */
const COGNITO_KEYS: Record<string, string> = {
  NotAuthorizedException: 'auth_incorrect_credentials',
  // Same text as a wrong password: do not reveal which emails have accounts.
  UserNotFoundException: 'auth_incorrect_credentials',
  UserNotConfirmedException: 'email_verify_message',
  PasswordResetRequiredException: 'auth_password_reset_required',
  LimitExceededException: 'auth_too_many_attempts',
  TooManyRequestsException: 'auth_too_many_attempts',
  TooManyFailedAttemptsException: 'auth_too_many_attempts',
  NetworkError: 'fetch_call_error',
};

export interface TranslatableError {
  /** Translation key. */
  key: string;
  /** Text shown when the key has no translation (spec §8: sign-in failures pass the raw auth error). */
  fallback: string;
}

export function describeAuthError(error: unknown): TranslatableError {
  if (isApiError(error)) return { key: error.code, fallback: error.message };
  if (error instanceof UnsupportedSignInStepError) {
    return { key: 'auth_additional_step_required', fallback: error.message };
  }
  if (error instanceof Error) {
    return { key: COGNITO_KEYS[error.name] ?? error.name, fallback: error.message };
  }
  return { key: 'request_failed', fallback: String(error) };
}
