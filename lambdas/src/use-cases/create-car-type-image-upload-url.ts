import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import type { UploadStore, UploadTicket } from '../ports/uploads';
import type { Account } from './admit-caller';
import { createUploadUrl } from './create-upload-url';

/** Each upload gets its own key under `public/cartypes/`, so a cached old image never shows for a new one. */
export async function createCarTypeImageUploadUrl(
  deps: { uploads: UploadStore; now: () => Date },
  account: Account,
  file: { contentType: string; size: number },
): Promise<UploadTicket> {
  assertCriticalEditsAllowed(account.settings);
  return createUploadUrl(deps, { kind: 'carTypeImage' }, file);
}
