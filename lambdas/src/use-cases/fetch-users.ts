import type { UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import { looksLikeEmail, searchableName } from '../../../shared/src/domain/user-search';
import type { ProfileItem } from '../ports/users';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { presentUser } from './present-user';

/**
 * Spec §5/§6: admins list riders, drivers or fleet admins (never admins); a fleet admin only its
 * drivers. `search` is the pickers' type-ahead over every user of the type: a name prefix is one
 * query of the name index (its cost follows the page of matches), an e-mail address one claim read.
 */
export async function fetchUsers(
  deps: { users: UserStore },
  account: Account,
  query: { usertype: 'rider' | 'driver' | 'fleetadmin'; cursor?: string; limit?: number; search?: string },
): Promise<{ items: UserProfile[]; next?: string }> {
  const page = { cursor: query.cursor, limit: query.limit };
  const fleet = account.profile.usertype === 'fleetadmin' ? account.profile.id : undefined;
  if (fleet && query.usertype !== 'driver') throw new DomainError('forbidden', 403);
  const search = query.search?.trim() ?? '';
  let result: { items: ProfileItem[]; next?: string };
  if (search && looksLikeEmail(search)) {
    // A whole address is one claim read, whatever the number of users; only the type (and fleet) asked for.
    const found = await deps.users.getByEmail(search.toLowerCase());
    const fits = found && found.usertype === query.usertype && (!fleet || found.fleetadmin === fleet);
    result = { items: fits ? [found] : [] };
  } else if (search) {
    const prefix = searchableName(search);
    result = prefix ? await deps.users.searchByName(query.usertype, prefix, page, fleet) : { items: [] };
  } else if (fleet) {
    result = await deps.users.listFleetDrivers(fleet, page);
  } else {
    result = await deps.users.listByType(query.usertype, page);
  }
  const critical = account.settings.AllowCriticalEditsAdmin;
  return { items: result.items.map((u) => presentUser(u, critical)), next: result.next };
}
