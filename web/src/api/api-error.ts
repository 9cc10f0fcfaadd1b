import type { ErrorBody } from '../../../shared/src/contract';

/**
 * A failed API call. `code` is a translation key (spec §8 or a UI string), so screens can show
 * `t(code, { defaultValue: message })` without knowing which endpoint failed.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The contract's `ErrorBody` (`{ error: { code, message, details? } }`), checked by hand: this runs
 * on every page, and zod with the contract's schemas would weigh more than the rest of the client.
 * Anything else (a gateway's or proxy's body) is not ours: undefined.
 */
export function readErrorBody(json: unknown): ErrorBody['error'] | undefined {
  const error = isRecord(json) ? json.error : undefined;
  if (!isRecord(error) || typeof error.code !== 'string' || typeof error.message !== 'string') return undefined;
  if (error.details === undefined) return { code: error.code, message: error.message };
  if (!Array.isArray(error.details)) return undefined;
  const details: { path: string; message: string }[] = [];
  for (const d of error.details as unknown[]) {
    if (!isRecord(d) || typeof d.path !== 'string' || typeof d.message !== 'string') return undefined;
    details.push({ path: d.path, message: d.message });
  }
  return { code: error.code, message: error.message, details };
}
