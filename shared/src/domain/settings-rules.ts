import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

/** Spec §9: the driver radius when none is set (km, or miles with convert_to_mile). */
export const DEFAULT_DRIVER_RADIUS = 10;

/**
 * Spec §5 Settings save: the bonus and driver radius accept numbers >= 0; anything else becomes
 * empty. Used by the form as the admin types and by the server on every save.
 */
export function acceptNonNegative(value: unknown): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : '';
  if (typeof value !== 'string') return '';
  const text = value.trim();
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return '';
  const n = Number(text);
  return Number.isFinite(n) ? n : '';
}

export const REQUIRED_SETTINGS = ['appName', 'symbol', 'code', 'CompanyName', 'CompanyWebsite', 'CompanyTerms'] as const;

export interface SettingsFormInput {
  appName?: string | null;
  symbol?: string | null;
  code?: string | null;
  CompanyName?: string | null;
  CompanyWebsite?: string | null;
  CompanyTerms?: string | null;
  bonus?: unknown;
}

const filled = (value: string | null | undefined) => (value ?? '').trim().length > 0;

/**
 * Spec §5: a blank bonus gives proper_bonus; appName, symbol, code, CompanyName, CompanyWebsite
 * and CompanyTerms are required. The spec names no key for a missing required field, so it
 * reports no_details_error with the field.
 */
export function validateSettings(input: SettingsFormInput): ValidationResult {
  return firstFailure(
    () => (acceptNonNegative(input.bonus) === '' ? fail('proper_bonus', 'bonus') : OK),
    ...REQUIRED_SETTINGS.map((field) => () => (filled(input[field]) ? OK : fail('no_details_error', field))),
  );
}
