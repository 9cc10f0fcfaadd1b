import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS, attemptWindow, attemptsLeft, type AttemptKind } from '../../../shared/src/domain/attempt-limits';
import { clientAddressOf } from '../../../lambdas/src/middleware/client-address';
import type { AttemptCounter } from '../../../lambdas/src/ports/attempts';
import { attemptLimits, limitIdentityCheck } from '../../../lambdas/src/use-cases/limit-attempts';
import { verifyOtpAttempt } from '../../../lambdas/src/use-cases/login-otp-challenge';
import { COGNITO_LOCKOUT, withSignInLockout } from '../../../infra/local/sign-in-lockout';

/** The table's counters, in memory: one count per (kind, subject, window start). */
function memoryCounter(): AttemptCounter & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const key = (kind: AttemptKind, subject: string, w: { startMs: number }) => `${kind}|${subject}|${w.startMs}`;
  return {
    counts,
    async count(kind, subject, w) { return counts.get(key(kind, subject, w)) ?? 0; },
    async add(kind, subject, w) { const n = (counts.get(key(kind, subject, w)) ?? 0) + 1; counts.set(key(kind, subject, w), n); return n; },
  };
}

describe('attempt limits (issue 19 item 8)', () => {
  it('aligns windows to their length, so a window is one counter', () => {
    const w = attemptWindow('tripCode', Date.UTC(2026, 0, 1, 12, 7, 30));
    expect(w).toEqual({ startMs: Date.UTC(2026, 0, 1, 12, 0), endMs: Date.UTC(2026, 0, 1, 12, 15) });
    expect(attemptsLeft('tripCode', ATTEMPT_LIMITS.tripCode.limit - 1)).toBe(true);
    expect(attemptsLeft('tripCode', ATTEMPT_LIMITS.tripCode.limit)).toBe(false);
  });

  it('locks a subject once its failures are used up, until the window ends; other subjects are untouched', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 1);
    const deps = { attempts: memoryCounter(), now: () => new Date(now) };
    for (let i = 0; i < ATTEMPT_LIMITS.tripCode.limit; i++) {
      await attemptLimits.assertOpen(deps, 'tripCode', 'b1', 'trip_code_locked');
      await attemptLimits.fail(deps, 'tripCode', 'b1');
    }
    await expect(attemptLimits.assertOpen(deps, 'tripCode', 'b1', 'trip_code_locked')).rejects.toMatchObject({ code: 'trip_code_locked', status: 429 });
    await expect(attemptLimits.assertOpen(deps, 'tripCode', 'b2', 'trip_code_locked')).resolves.toBeUndefined();
    now += ATTEMPT_LIMITS.tripCode.windowSeconds * 1000;
    await expect(attemptLimits.assertOpen(deps, 'tripCode', 'b1', 'trip_code_locked')).resolves.toBeUndefined();
  });

  it('phone codes: a locked number refuses even the right code', async () => {
    const deps = { attempts: memoryCounter(), now: () => new Date(Date.UTC(2026, 0, 1)) };
    const phone = '+15550001111';
    for (let i = 0; i < ATTEMPT_LIMITS.otpCode.limit; i++) {
      expect(await verifyOtpAttempt(deps, { phoneNumber: phone, expected: '123456', answer: '654321' })).toBe(false);
    }
    await expect(verifyOtpAttempt(deps, { phoneNumber: phone, expected: '123456', answer: '123456' })).rejects.toMatchObject({ message: 'otp_attempts_exceeded' });
    expect(await verifyOtpAttempt(deps, { phoneNumber: '+15550002222', expected: '123456', answer: '123456' })).toBe(true);
  });

  it('identity checks count per viewer and per connecting address, and refuse beyond either', async () => {
    const deps = { attempts: memoryCounter(), now: () => new Date(Date.UTC(2026, 0, 1)) };
    for (let i = 0; i < ATTEMPT_LIMITS.identityViewer.limit; i++) await limitIdentityCheck(deps, { viewer: 'v1', source: 'edge' });
    await expect(limitIdentityCheck(deps, { viewer: 'v1', source: 'edge' })).rejects.toMatchObject({ code: 'rate_limited', status: 429 });
    await expect(limitIdentityCheck(deps, { viewer: 'v2', source: 'edge' })).resolves.toBeUndefined();
  });

  it('reads the viewer from the first X-Forwarded-For address and the source from the request context', () => {
    expect(clientAddressOf({ headers: { 'X-Forwarded-For': '198.51.100.7, 10.0.0.1' }, requestContext: { identity: { sourceIp: '203.0.113.9' } } } as never))
      .toEqual({ viewer: '198.51.100.7', source: '203.0.113.9' });
    expect(clientAddressOf({ headers: {}, requestContext: { identity: { sourceIp: '203.0.113.9' } } } as never)).toEqual({ viewer: undefined, source: '203.0.113.9' });
  });
});

describe('the local identity service\'s password lockout (as Cognito\'s)', () => {
  const user = { Username: 'u-1', Attributes: [] };
  const pool = { options: { Id: 'pool' }, getUserByUsername: async () => user };
  const cognito = { getUserPoolForClientId: async () => pool, getUserPool: async () => pool } as never;

  it('locks after 5 wrong passwords, refuses the right one while locked, doubles the lock, and forgets on success', async () => {
    let now = 1_000_000;
    const wrong = Object.assign(new Error('Incorrect username or password.'), { code: 'NotAuthorizedException' });
    const inner = (() => async (_ctx: unknown, req: { AuthParameters: { PASSWORD: string } }) => {
      if (req.AuthParameters.PASSWORD !== 'right') throw wrong;
      return { AuthenticationResult: {} };
    }) as never;
    const route = withSignInLockout(inner, cognito, () => now)('InitiateAuth');
    const attempt = (password: string) => route({} as never, { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'c', AuthParameters: { USERNAME: 'a@example.com', PASSWORD: password } });
    for (let i = 0; i < COGNITO_LOCKOUT.freeFailures; i++) await expect(attempt('bad')).rejects.toBe(wrong);
    await expect(attempt('right')).rejects.toMatchObject({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    now += COGNITO_LOCKOUT.firstLockMs;
    await expect(attempt('bad')).rejects.toBe(wrong);
    now += COGNITO_LOCKOUT.firstLockMs;
    // The sixth failure locks for twice as long.
    await expect(attempt('right')).rejects.toMatchObject({ message: 'Password attempts exceeded' });
    now += COGNITO_LOCKOUT.firstLockMs;
    await expect(attempt('right')).resolves.toBeDefined();
    await expect(attempt('bad')).rejects.toBe(wrong);
    await expect(attempt('right')).resolves.toBeDefined();
  });
});
