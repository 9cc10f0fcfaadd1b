import type { UserProfile } from '../../../shared/src/contract/users';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { operatorDay, verifiedUntilAfterResubmit, withAudit } from '../../../shared/src/domain/driver-documents';
import { DomainError } from '../../../shared/src/domain/errors';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import type { DriverDocumentStore } from '../ports/driver-documents';
import type { UploadStore } from '../ports/uploads';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { isImageWithin } from './create-upload-url';
import { toUserProfile } from './present-user';
import { maxBytesOf } from './upload-keys';

/**
 * A driver replaces their licence image (spec §3 licenseImage), uploaded as at sign-up: the server
 * made the key, and the object must be there and be an image within the licence limit before the
 * profile names it. The old image stays in the private folder, as an earlier document. With a
 * licence document on file (an expiry entered), the new image goes back to review in the same write.
 */
export async function setLicenceImage(
  deps: { users: UserStore; uploads: UploadStore; documents: DriverDocumentStore; now: () => Date },
  account: Account,
  key: string,
): Promise<UserProfile> {
  const object = isLicenceKey(key) ? await deps.uploads.describe(key) : undefined;
  if (!object) throw new DomainError('not_found', 404, 'Upload the licence image first');
  if (!isImageWithin(maxBytesOf('licence'))(object)) throw new DomainError('validation_error', 400, 'The licence must be a JPEG, PNG or WebP image within the size limit');
  const me = account.profile;
  const licence = me.documents?.licence;
  if (!licence) return toUserProfile(await deps.users.setFields(me.id, { licenseImage: key }));
  // The licence document is this image and its expiry: a new image is a resubmission, waiting for review again.
  const nowMs = deps.now().getTime();
  const today = operatorDay(nowMs, dispatchPolicy(account.settings).documents.timeZone);
  const verifiedUntil = verifiedUntilAfterResubmit(licence, today);
  const { verifiedUntil: _, rejectReason: __, reviewedAt: ___, reviewedByName: ____, ...kept } = licence;
  const next = {
    ...kept, status: 'pending' as const, version: licence.version + 1, submittedAt: nowMs, ...(verifiedUntil ? { verifiedUntil } : {}),
    history: withAudit(licence.history, { action: 'submitted', at: nowMs, by: me.id, byName: `${me.firstName} ${me.lastName}`.trim() }),
  };
  return toUserProfile(await deps.documents.change({ profile: me, type: 'licence', next, expectVersion: licence.version, licenseImage: key }, nowMs));
}
