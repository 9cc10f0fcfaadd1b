import type { ErrorKey } from '../i18n/keys';
import { DomainError } from './errors';

/**
 * Outcome of a spec §5 rule. A failure carries the §8 translation key the UI shows and,
 * where it helps a form highlight the input, the field it concerns.
 */
export type ValidationResult = { ok: true } | { ok: false; key: ErrorKey; field?: string };
export type ValidationFailure = Extract<ValidationResult, { ok: false }>;

export const OK: ValidationResult = Object.freeze({ ok: true });

export function fail(key: ErrorKey, field?: string): ValidationFailure {
  return field === undefined ? { ok: false, key } : { ok: false, key, field };
}

/**
 * First failure in order, or OK. Rules are passed as thunks so later checks are skipped once
 * one fails, matching the one-alert-at-a-time behaviour of the forms.
 */
export function firstFailure(...checks: Array<() => ValidationResult>): ValidationResult {
  for (const check of checks) {
    const result = check();
    if (!result.ok) return result;
  }
  return OK;
}

/** For the server: a failed rule becomes a 400 whose code is the translation key. */
export function assertValid(result: ValidationResult): void {
  if (!result.ok) {
    throw new DomainError(
      result.key,
      400,
      undefined,
      result.field === undefined ? undefined : [{ path: result.field, message: result.key }],
    );
  }
}
