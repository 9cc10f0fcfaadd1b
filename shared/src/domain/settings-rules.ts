import { parseMoney } from './money';
import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

/** Spec §9: the driver radius when none is set (km, or miles with convert_to_mile). */
export const DEFAULT_DRIVER_RADIUS = 10;

/**
 * The widest driver radius a save may set (km, or miles with convert_to_mile). Spec §9's default
 * is 10; beyond 100 a Book Now would search a region, not a neighbourhood, and the nearby search
 * reads every geohash cell the circle touches.
 */
export const MAX_DRIVER_RADIUS = 100;

/**
 * The driver radius of a settings save: blank means the default (spec §9), otherwise a number above
 * 0 and at most MAX_DRIVER_RADIUS with at most two decimals. A radius of 0 or -5 is refused, not
 * turned into the default.
 */
export function parseDriverRadius(value: unknown): { ok: true; radius: number } | { ok: false } {
  let radius: number;
  if (typeof value === 'string') {
    if (value.trim() === '') return { ok: true, radius: DEFAULT_DRIVER_RADIUS };
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(value.trim())) return { ok: false };
    radius = Number(value.trim());
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    radius = value;
    if (Math.abs(Math.round(radius * 100) - radius * 100) > 1e-6) return { ok: false };
  } else {
    return { ok: false };
  }
  return radius > 0 && radius <= MAX_DRIVER_RADIUS ? { ok: true, radius } : { ok: false };
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
 * Spec §5: a blank (or any non-amount) bonus gives proper_bonus; appName, symbol, code, CompanyName, CompanyWebsite
 * and CompanyTerms are required. The spec names no key for a missing required field, so it
 * reports no_details_error with the field.
 */
export function validateSettings(input: SettingsFormInput): ValidationResult {
  return firstFailure(
    // The one strict money rule: "1e3", "1,000", a negative or an absurd bonus is proper_bonus, never coerced.
    () => (parseMoney(input.bonus).ok ? OK : fail('proper_bonus', 'bonus')),
    ...REQUIRED_SETTINGS.map((field) => () => (filled(input[field]) ? OK : fail('no_details_error', field))),
  );
}
