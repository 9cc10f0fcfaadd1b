import { DomainError } from '../../../shared/src/domain/errors';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import type { UploadStore } from '../ports/uploads';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { loadManagedUser } from './load-managed-user';

/**
 * A short-lived link to a driver's licence (a private object): a driver reads only their own; an
 * admin any driver's, a fleet admin only its own drivers' (loadManagedUser). Any other id is "not
 * found", so ids reveal nothing. No licence on file answers no link.
 */
export async function fetchLicenceImage(deps: { users: UserStore; uploads: UploadStore }, account: Account, id: string): Promise<{ url?: string }> {
  const me = account.profile;
  let target;
  if (me.usertype === 'driver') {
    if (id !== me.id) throw new DomainError('not_found', 404);
    target = me;
  } else {
    target = await loadManagedUser(deps, account, id);
  }
  if (target.usertype !== 'driver') throw new DomainError('not_found', 404);
  const key = target.licenseImage;
  return key && isLicenceKey(key) ? { url: await deps.uploads.viewUrl(key) } : {};
}
