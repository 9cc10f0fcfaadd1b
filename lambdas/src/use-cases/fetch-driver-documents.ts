import type { DriverDocuments } from '../../../shared/src/contract/driver-documents';
import { DomainError } from '../../../shared/src/domain/errors';
import type { UploadStore } from '../ports/uploads';
import type { ProfileItem, UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { loadManagedUser } from './load-managed-user';
import { presentDriverDocuments } from './present-driver-documents';

/**
 * The driver a documents route acts on: a driver only themselves; an admin any driver; a fleet
 * admin only its own drivers (loadManagedUser). Anything else is "not found", so ids reveal nothing.
 */
export async function loadDocumentsDriver(deps: { users: UserStore }, account: Account, id: string): Promise<ProfileItem> {
  const me = account.profile;
  if (me.usertype === 'driver') {
    if (id !== me.id) throw new DomainError('not_found', 404);
    return me;
  }
  const target = await loadManagedUser(deps, account, id);
  if (target.usertype !== 'driver') throw new DomainError('not_found', 404);
  return target;
}

export async function fetchDriverDocuments(deps: { users: UserStore; uploads: UploadStore; now: () => Date }, account: Account, id: string): Promise<DriverDocuments> {
  const driver = await loadDocumentsDriver(deps, account, id);
  return presentDriverDocuments(deps, driver, account.settings, deps.now().getTime());
}
