import type { UserProfile } from '../../../shared/src/contract/users';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { loadManagedUser } from './load-managed-user';
import { presentUser } from './present-user';

/** Approval takes effect on the user's next API call: admission reads it every time. */
export async function setUserApproval(deps: { users: UserStore }, account: Account, id: string, approved: boolean): Promise<UserProfile> {
  const target = await loadManagedUser(deps, account, id);
  const updated = await deps.users.setFields(target.id, { approved });
  return presentUser(updated, account.settings.AllowCriticalEditsAdmin);
}
