import type { z } from 'zod/mini';
import type { DriverDocuments, SubmitDocumentBody } from '../../../shared/src/contract/driver-documents';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { expiryProblem, operatorDay, verifiedUntilAfterResubmit, withAudit, type DocumentType, type DriverDocumentRecord } from '../../../shared/src/domain/driver-documents';
import { DomainError } from '../../../shared/src/domain/errors';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import type { DriverDocumentStore } from '../ports/driver-documents';
import type { UploadStore } from '../ports/uploads';
import type { Account } from './admit-caller';
import { isImageWithin } from './create-upload-url';
import { presentDriverDocuments } from './present-driver-documents';
import { maxBytesOf } from './upload-keys';

/**
 * A driver submits a document: the image uploaded through the driver-documents (licence) upload,
 * which must be there and be an image within the limit, and its expiry day, after today on the
 * operator's clock. The record waits for review; a resubmission of a verified one waits again
 * (the verified one still counts until its own expiry day). For the licence, the image becomes the
 * profile's licence image in the same write: the licence document is that image and its expiry.
 */
export async function submitDriverDocument(
  deps: { documents: DriverDocumentStore; uploads: UploadStore; now: () => Date },
  account: Account,
  type: DocumentType,
  body: z.infer<typeof SubmitDocumentBody>,
): Promise<DriverDocuments> {
  const me = account.profile;
  const nowMs = deps.now().getTime();
  const today = operatorDay(nowMs, dispatchPolicy(account.settings).documents.timeZone);
  // Checked before anything is read or written: a refused day leaves no trace.
  const problem = expiryProblem(body.expiresOn, today);
  if (problem) throw new DomainError(problem, 400, undefined, [{ path: 'expiresOn', message: problem }]);
  const object = isLicenceKey(body.key) ? await deps.uploads.describe(body.key) : undefined;
  if (!object) throw new DomainError('document_upload_missing', 404);
  if (!isImageWithin(maxBytesOf('licence'))(object)) throw new DomainError('validation_error', 400, 'The document must be a JPEG, PNG or WebP image within the size limit');
  const current = me.documents?.[type];
  const verifiedUntil = verifiedUntilAfterResubmit(current, today);
  const next: DriverDocumentRecord = {
    ...(type === 'licence' ? {} : { key: body.key }),
    expiresOn: body.expiresOn,
    status: 'pending',
    version: (current?.version ?? 0) + 1,
    submittedAt: nowMs,
    ...(verifiedUntil ? { verifiedUntil } : {}),
    history: withAudit(current?.history, { action: 'submitted', at: nowMs, by: me.id, byName: `${me.firstName} ${me.lastName}`.trim() }),
  };
  const updated = await deps.documents.change({
    profile: me, type, next, expectVersion: current?.version, ...(type === 'licence' ? { licenseImage: body.key } : {}),
  }, nowMs);
  return presentDriverDocuments(deps, updated, account.settings, nowMs);
}
