import type { UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import type { UploadStore } from '../ports/uploads';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { isImageWithin } from './create-upload-url';
import { toUserProfile } from './present-user';
import { maxBytesOf } from './upload-keys';

/**
 * A driver replaces their licence image (spec §3 licenseImage), uploaded as at sign-up: the server
 * made the key, and the object must be there and be an image within the licence limit before the
 * profile names it. The old image stays in the private folder, as an earlier document.
 */
export async function setLicenceImage(deps: { users: UserStore; uploads: UploadStore }, account: Account, key: string): Promise<UserProfile> {
  const object = isLicenceKey(key) ? await deps.uploads.describe(key) : undefined;
  if (!object) throw new DomainError('not_found', 404, 'Upload the licence image first');
  if (!isImageWithin(maxBytesOf('licence'))(object)) throw new DomainError('validation_error', 400, 'The licence must be a JPEG, PNG or WebP image within the size limit');
  const updated = await deps.users.setFields(account.profile.id, { licenseImage: key });
  return toUserProfile(updated);
}
