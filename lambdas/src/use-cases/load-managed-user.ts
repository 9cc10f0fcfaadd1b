import { DomainError } from '../../../shared/src/domain/errors';
import type { ProfileItem } from '../ports/users';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';

/**
 * The user an admin or fleet admin acts on. Admins are never managed here; a fleet admin reaches
 * only its own drivers. Anything else is "not found", so ids of other fleets reveal nothing.
 */
export async function loadManagedUser(deps: { users: UserStore }, account: Account, id: string): Promise<ProfileItem> {
  const target = await deps.users.get(id);
  if (!target || target.usertype === 'admin') throw new DomainError('not_found', 404);
  const me = account.profile;
  if (me.usertype === 'fleetadmin' && (target.usertype !== 'driver' || target.fleetadmin !== me.id)) throw new DomainError('not_found', 404);
  return target;
}
