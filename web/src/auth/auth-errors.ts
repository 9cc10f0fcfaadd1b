import { isApiError } from '../api/client';
import { UnsupportedSignInStepError, WrongOtpError } from './session';

/**
 * The few auth failures with a text of our own. Every other Cognito failure is shown as Cognito
 * words it (spec §8 Behaviour: sign-in failures pass the raw auth error to the user).
 */
const AUTH_KEYS: Record<string, string> = {
  NetworkError: 'fetch_call_error',
  OAuthNotConfigureException: 'social_login_unavailable',
  AuthUserPoolException: 'social_login_unavailable',
};

const LIMIT_KEYS = ['otp_send_limit', 'otp_attempts_exceeded'];

export interface TranslatableError {
  /** Translation key. */
  key: string;
  /** Text shown when the key has no translation: the raw auth error. */
  fallback: string;
}

/**
 * `withCode`: spec §8 "phone sign-in errors show code and message", so the phone path prefixes
 * the raw text with the Cognito error name.
 */
export function describeAuthError(error: unknown, { withCode = false } = {}): TranslatableError {
  // Server refusals after sign-in (require_approval, email_verify_message, not_valid_user_type, ...).
  if (isApiError(error)) return { key: error.code, fallback: error.message };
  if (error instanceof WrongOtpError) return { key: 'otp_validate_error', fallback: error.message };
  if (error instanceof UnsupportedSignInStepError) {
    return { key: 'auth_additional_step_required', fallback: error.message };
  }
  if (error instanceof Error) {
    // Phone sign-in limits (codes texted, wrong codes per number) reach the browser as a trigger's error text.
    const limit = error.name === 'UserLambdaValidationException' ? LIMIT_KEYS.find((k) => error.message.includes(k)) : undefined;
    if (limit) return { key: limit, fallback: error.message };
    const key = AUTH_KEYS[error.name];
    if (key) return { key, fallback: error.message };
    // A key that is never in the catalogue, so t() always shows the fallback (the raw error).
    return { key: `auth_raw.${error.name}`, fallback: withCode ? `${error.name}: ${error.message}` : error.message };
  }
  return { key: 'request_failed', fallback: String(error) };
}
