import type { UserProfile } from '../../../shared/src/contract/users';
import type { IdentityProvider, UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { endUserSessions } from './end-user-sessions';
import { loadManagedUser } from './load-managed-user';
import { presentUser } from './present-user';

/**
 * Approval takes effect on the user's next API call: admission reads it every time. Taking it away
 * also ends the user's sessions, so approving them again later does not revive the old tokens.
 */
export async function setUserApproval(
  deps: { users: UserStore; identity: Pick<IdentityProvider, 'signOutEverywhere'>; now: () => Date }, account: Account, id: string, approved: boolean,
): Promise<UserProfile> {
  const target = await loadManagedUser(deps, account, id);
  const updated = approved ? await deps.users.setFields(target.id, { approved }) : await endUserSessions(deps, target.id, { approved });
  return presentUser(updated, account.settings.AllowCriticalEditsAdmin);
}
