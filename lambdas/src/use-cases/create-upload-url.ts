import { randomUUID } from 'node:crypto';
import { MAX_IMAGE_BYTES, type UploadStore, type UploadTicket } from '../ports/uploads';
import { LICENCE_PREFIX } from './sign-up-user';

export type UploadPurpose = { kind: 'licence' } | { kind: 'profileImage'; uid: string };

/** Where each kind of upload goes: spec §7 storage paths, under `public/` when browsers read it. */
export function uploadKey(purpose: UploadPurpose, now: Date): string {
  switch (purpose.kind) {
    case 'licence': return `${LICENCE_PREFIX}${now.getTime()}-${randomUUID()}`;
    case 'profileImage': return `public/users/${purpose.uid}/profileImage`;
  }
}

export async function createUploadUrl(
  deps: { uploads: UploadStore; now: () => Date },
  purpose: UploadPurpose,
  file: { contentType: string; size: number },
): Promise<UploadTicket> {
  return deps.uploads.createUploadUrl({ key: uploadKey(purpose, deps.now()), contentType: file.contentType, maxBytes: MAX_IMAGE_BYTES });
}
