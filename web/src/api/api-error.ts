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
