import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../../shared/src/contract/idempotency-key';
import { buildOpenApi } from '../../../shared/src/contract/openapi';
import { routes } from '../../../shared/src/contract/routes';

/** The contract declares which routes take an Idempotency-Key; /openapi.json says so on exactly those. */
describe('idempotent routes in the contract', () => {
  const doc = buildOpenApi(routes, { title: 't', version: '1' });
  const operation = (path: string, method: string) => (doc.paths[path] as Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>)[method.toLowerCase()]!;
  const takesKey = (path: string, method: string) =>
    (operation(path, method).parameters ?? []).filter((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER);

  it('shows the optional header on exactly the routes marked idempotent', () => {
    for (const r of routes) {
      const header = takesKey(r.path, r.method);
      expect(header.length, `${r.operationId}`).toBe(r.idempotent ? 1 : 0);
      if (r.idempotent) expect(header[0]!.required, r.operationId).toBe(false);
    }
  });

  it('marks the routes that move money or create what a client retries', () => {
    const marked = routes.filter((r) => r.idempotent).map((r) => r.operationId);
    expect(marked).toEqual(expect.arrayContaining(['addBooking', 'addToWallet', 'requestWithdraw', 'checkout', 'payBooking', 'settleBooking']));
  });

  it('marks only signed-in writes that answer JSON (a key belongs to its caller; a redirect is not replayed)', () => {
    for (const r of routes.filter((x) => x.idempotent)) {
      expect(r.auth, r.operationId).not.toBe('public');
      expect(r.method, r.operationId).not.toBe('GET');
      expect(r.redirect, r.operationId).toBeFalsy();
    }
  });

  it('accepts 8 to 128 of letters, digits and . _ : - as a key, nothing else', () => {
    for (const ok of ['abcdefgh', 'a'.repeat(128), '1f0e-uuid:1.2_x', '550e8400-e29b-41d4-a716-446655440000']) expect(IdempotencyKey.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', 'short', 'a'.repeat(129), 'with space1', 'semi;colon1', 'ünïcode123', 'new\nline12']) expect(IdempotencyKey.safeParse(bad).success, bad).toBe(false);
  });
});
