import { DomainError } from '../../../shared/src/domain/errors';
import type { ProfileItem } from '../ports/users';
import type { IdentityProvider, UserStore } from '../ports/users';

export interface EndSessionsDeps {
  users: Pick<UserStore, 'setFields'>;
  identity: Pick<IdentityProvider, 'signOutEverywhere'>;
  now: () => Date;
}

/**
 * Every path that ends a user's sessions comes here: the API refuses tokens signed in before the
 * recorded moment (admission), the stream closes the user's sockets (fan-out), and Cognito revokes
 * the refresh tokens so no new ID token can be minted from an old session. The record goes first:
 * if Cognito fails, the API already refuses and a retry repeats both harmlessly.
 */
export async function endUserSessions(deps: EndSessionsDeps, uid: string, extraFields: Record<string, unknown> = {}): Promise<ProfileItem> {
  const updated = await deps.users.setFields(uid, { ...extraFields, tokensValidAfter: deps.now().getTime() });
  await deps.identity.signOutEverywhere(uid);
  return updated;
}

/** POST /me/sign-out: the web's sign-out ends the session on the server too, not only in the browser. */
export async function signOut(deps: EndSessionsDeps, uid: string): Promise<{ signedOut: true }> {
  await endUserSessions(deps, uid);
  return { signedOut: true };
}

/**
 * A password reset (Cognito's post-confirmation trigger, ConfirmForgotPassword): whoever held the
 * old password may hold a session, so all of them end. A Cognito user without a profile has no
 * session the API would admit; its refresh tokens are still revoked.
 */
export async function endSessionsAfterPasswordReset(deps: EndSessionsDeps, uid: string): Promise<void> {
  try {
    await endUserSessions(deps, uid);
  } catch (e) {
    if (!(e instanceof DomainError && e.code === 'not_found')) throw e;
    await deps.identity.signOutEverywhere(uid);
  }
}
