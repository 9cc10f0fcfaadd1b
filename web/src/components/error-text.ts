import type { TFunction } from 'i18next';
import { isApiError } from '../api/client';

/** The translated text of any failure: API errors carry a translation key as `code`. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return t(error.code, { defaultValue: error.message });
  if (error instanceof Error) return t(error.name, { defaultValue: error.message });
  return t('request_failed');
}
