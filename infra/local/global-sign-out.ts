import type { Router } from 'cognito-local/lib/server/Router';
import { UserNotFoundError } from 'cognito-local/lib/errors';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';

/**
 * cognito-local has no AdminUserGlobalSignOut. Cognito's answers to it: every refresh token of the
 * user is revoked (so no new ID token comes from an old session), and the call answers `{}`.
 * Wraps the emulator's router; every other target goes through unchanged.
 */
export function withGlobalSignOut(router: Router, cognito: CognitoService): Router {
  return (target) => {
    if (target !== 'AdminUserGlobalSignOut') return router(target);
    return async (ctx, req: { UserPoolId?: string; Username?: string }) => {
      const pool = await cognito.getUserPool(ctx, String(req?.UserPoolId ?? ''));
      const user = await pool.getUserByUsername(ctx, String(req?.Username ?? ''));
      if (!user) throw new UserNotFoundError();
      await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    };
  };
}
