import type { UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import type { UploadStore } from '../ports/uploads';
import { isImageWithin } from './create-upload-url';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { maxBytesOf, uploadKey } from './upload-keys';
import { toUserProfile } from './present-user';

/** After the browser's upload: checks the object and stores its URL (with its etag, so caches see a new image). */
export async function setProfileImage(deps: { users: UserStore; uploads: UploadStore; now: () => Date }, account: Account): Promise<UserProfile> {
  const key = uploadKey({ kind: 'profileImage', uid: account.profile.id }, deps.now());
  const object = await deps.uploads.describe(key);
  if (!object) throw new DomainError('not_found', 404, 'Upload the image first');
  if (!isImageWithin(maxBytesOf('profileImage'))(object)) {
    await deps.uploads.remove(key);
    throw new DomainError('validation_error', 400, 'The image must be a JPEG, PNG or WebP of at most 5 MB');
  }
  const profile = await deps.users.setFields(account.profile.id, { profile_image: `${deps.uploads.publicUrl(key)}?v=${object.etag}` });
  return toUserProfile(profile);
}
