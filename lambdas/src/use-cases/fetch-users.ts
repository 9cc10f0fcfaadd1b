import type { UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { presentUser } from './present-user';

/** Spec §5/§6: admins list riders, drivers or fleet admins (never admins); a fleet admin only its drivers. */
export async function fetchUsers(
  deps: { users: UserStore },
  account: Account,
  query: { usertype: 'rider' | 'driver' | 'fleetadmin'; cursor?: string; limit?: number },
): Promise<{ items: UserProfile[]; next?: string }> {
  const page = { cursor: query.cursor, limit: query.limit };
  let result;
  if (account.profile.usertype === 'fleetadmin') {
    if (query.usertype !== 'driver') throw new DomainError('forbidden', 403);
    result = await deps.users.listFleetDrivers(account.profile.id, page);
  } else {
    result = await deps.users.listByType(query.usertype, page);
  }
  const critical = account.settings.AllowCriticalEditsAdmin;
  return { items: result.items.map((u) => presentUser(u, critical)), next: result.next };
}
