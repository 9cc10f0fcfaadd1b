import { driverDocumentRepository } from '../../lambdas/src/adapters/dynamodb/driver-document-repository';
import { userRepository } from '../../lambdas/src/adapters/dynamodb/user-repository';
import { s3Uploads } from '../../lambdas/src/adapters/s3/uploads';
import { maxBytesOf, uploadKey } from '../../lambdas/src/use-cases/upload-keys';
import { DOCUMENT_TYPES, operatorDay, type DocumentType, type DriverDocumentRecord } from '../../shared/src/domain/driver-documents';
import { documentPicture } from './document-picture';

/** The demo's documents expire two years after the seed. */
const VALID_DAYS = 730;

/** Uploads one document's picture the way a browser does (the presigned POST of the driver-documents upload); its key. */
async function upload(now: Date, type: DocumentType, uid: string): Promise<string> {
  const key = uploadKey({ kind: 'licence' }, now);
  const ticket = await s3Uploads.createPostTicket({ key, contentType: 'image/png', maxBytes: maxBytesOf('licence') });
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(documentPicture(type, uid))], { type: 'image/png' }), 'document.png');
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  if (res.status >= 300) throw new Error(`could not upload a demo document: ${res.status}`);
  return key;
}

/**
 * A demo driver's licence, insurance and registration: real uploads, submitted by the driver and
 * verified (the trail names the demo seed as the reviewer), valid for two years. Each is written
 * as every document change is (its queue entries in the same transaction); the licence's picture
 * becomes the profile's licence image, as a licence submission makes it.
 */
export async function seedVerifiedDocuments(uid: string, driverName: string): Promise<void> {
  const now = new Date();
  const at = now.getTime();
  const expiresOn = operatorDay(at + VALID_DAYS * 86_400_000, 'UTC');
  let profile = await userRepository.get(uid, { consistent: true });
  if (!profile) throw new Error(`no demo driver ${uid}`);
  for (const type of DOCUMENT_TYPES) {
    const key = await upload(now, type, uid);
    const record: DriverDocumentRecord = {
      ...(type === 'licence' ? {} : { key }),
      expiresOn, status: 'verified', version: 2, submittedAt: at, reviewedAt: at, reviewedByName: 'Demo data',
      history: [
        { action: 'submitted', at, by: uid, byName: driverName },
        { action: 'verified', at, by: 'seed', byName: 'Demo data' },
      ],
    };
    profile = await driverDocumentRepository.change({ profile, type, next: record, ...(type === 'licence' ? { licenseImage: key } : {}) }, at);
  }
}
