/**
 * A rule the caller broke. `code` is a spec §8 translation key where one fits (or a small set of
 * technical codes such as `not_found`, `conflict`, `bad_request`); `status` is the HTTP status the
 * edge maps it to. Use cases throw these; the HTTP middleware turns them into
 * `{ error: { code, message } }` with the English text from the i18n catalogue.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number = 400,
    message?: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message ?? code);
    this.name = 'DomainError';
  }
}

export const badRequest = (code: string, message?: string) => new DomainError(code, 400, message);
export const unauthorized = (code = 'not_logged_in', message?: string) => new DomainError(code, 401, message);
export const forbidden = (code = 'forbidden', message?: string) => new DomainError(code, 403, message);
export const notFound = (code = 'not_found', message?: string) => new DomainError(code, 404, message);
export const conflict = (code = 'conflict', message?: string) => new DomainError(code, 409, message);
