import { randomUUID } from 'node:crypto';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { MAX_IMAGE_BYTES, type UploadStore, type UploadTicket } from '../ports/uploads';
import type { Account } from './admit-caller';

/** Each upload gets its own key under `public/cartypes/`, so a cached old image never shows for a new one. */
export async function createCarTypeImageUploadUrl(
  deps: { uploads: UploadStore },
  account: Account,
  file: { contentType: string; size: number },
): Promise<UploadTicket> {
  assertCriticalEditsAllowed(account.settings);
  return deps.uploads.createUploadUrl({ key: `public/cartypes/${randomUUID()}`, contentType: file.contentType, maxBytes: MAX_IMAGE_BYTES });
}
