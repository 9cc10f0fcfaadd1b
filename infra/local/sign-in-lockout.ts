import type { Router } from 'cognito-local/lib/server/Router';
import { NotAuthorizedError } from 'cognito-local/lib/errors';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';

/**
 * Cognito's own password lockout, which cognito-local lacks (AWS documents it for every user pool):
 * after 5 failed sign-ins a user is locked for 1 second, doubling with each further failure up to
 * about 15 minutes; while locked every attempt, even with the right password, answers
 * NotAuthorizedException "Password attempts exceeded" without checking it. A success clears the
 * count, and so do 15 quiet minutes. The platform relies on it (issue: guessing is limited), so the
 * local cloud must refuse the same way.
 */
export const COGNITO_LOCKOUT = { freeFailures: 5, firstLockMs: 1000, maxLockMs: 15 * 60_000, forgetAfterMs: 15 * 60_000 } as const;

interface State { failures: number; lockedUntil: number; lastFailure: number }

const WRONG_PASSWORD = new Set(['InvalidPasswordException', 'NotAuthorizedException']);

export function withSignInLockout(router: Router, cognito: CognitoService, now: () => number = Date.now): Router {
  const users = new Map<string, State>();
  return (target) => {
    const inner = router(target);
    if (target !== 'InitiateAuth' && target !== 'AdminInitiateAuth') return inner;
    return async (ctx, req: { AuthFlow?: string; ClientId?: string; UserPoolId?: string; AuthParameters?: Record<string, string> }) => {
      if (req?.AuthFlow !== 'USER_PASSWORD_AUTH' && req?.AuthFlow !== 'ADMIN_USER_PASSWORD_AUTH') return inner(ctx, req);
      const pool = req.UserPoolId ? await cognito.getUserPool(ctx, req.UserPoolId) : await cognito.getUserPoolForClientId(ctx, String(req.ClientId ?? ''));
      const user = await pool.getUserByUsername(ctx, String(req.AuthParameters?.USERNAME ?? ''));
      // An unknown user has no counter (Cognito answers it as the emulator does).
      if (!user) return inner(ctx, req);
      const key = `${pool.options.Id}/${user.Username}`;
      const t = now();
      let state = users.get(key);
      if (state && t - state.lastFailure > COGNITO_LOCKOUT.forgetAfterMs) { users.delete(key); state = undefined; }
      if (state && t < state.lockedUntil) throw new NotAuthorizedError('Password attempts exceeded');
      try {
        const out = await inner(ctx, req);
        users.delete(key);
        return out;
      } catch (e) {
        if (!WRONG_PASSWORD.has((e as { code?: string }).code ?? '')) throw e;
        const failures = (state?.failures ?? 0) + 1;
        const over = failures - COGNITO_LOCKOUT.freeFailures;
        const lockMs = over < 0 ? 0 : Math.min(COGNITO_LOCKOUT.firstLockMs * 2 ** over, COGNITO_LOCKOUT.maxLockMs);
        users.set(key, { failures, lockedUntil: t + lockMs, lastFailure: t });
        throw e;
      }
    };
  };
}
