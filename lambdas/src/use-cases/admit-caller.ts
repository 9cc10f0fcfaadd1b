import { DomainError } from '../../../shared/src/domain/errors';
import { signedInBeforeSessionsEnded } from '../../../shared/src/domain/session-end';
import type { ProfileItem } from '../ports/users';
import type { Caller } from '../ports/caller';
import type { AppSettings } from '../ports/settings';

export interface Account { profile: ProfileItem; settings: AppSettings }

/**
 * Spec §4 Sign-in and §5 Login, enforced on every call rather than only at sign-in: a caller
 * needs a profile matching their group, approval, and (with email_verify on) a verified email
 * when they sign in with a password; and a token from a session that has since been ended.
 */
export async function admitCaller<K>(
  deps: { loadRequestContext(uid: string, extra: K[]): Promise<{ profile?: ProfileItem; settings?: AppSettings; extra: (Record<string, unknown> | undefined)[] }> },
  caller: Caller,
  extra: K[] = [],
): Promise<{ account: Account; extra: (Record<string, unknown> | undefined)[] }> {
  const { profile, settings, extra: loaded } = await deps.loadRequestContext(caller.uid, extra);
  if (!settings) throw new DomainError('settings_error', 503);
  if (!profile || profile.usertype !== caller.role) throw new DomainError('not_valid_user_type', 403);
  if (!profile.approved) throw new DomainError('require_approval', 403);
  // Sign-out, a password reset or a lost approval ended every session before this moment; a token
  // without a sign-in time cannot show it began after.
  const endedAt = profile.tokensValidAfter;
  if (typeof endedAt === 'number' && (caller.signedInAt === undefined || signedInBeforeSessionsEnded(caller.signedInAt, endedAt))) {
    throw new DomainError('session_ended', 401);
  }
  if (settings.email_verify && profile.loginType === 'email' && !caller.emailVerified) throw new DomainError('email_verify_message', 403);
  return { account: { profile, settings }, extra: loaded };
}
