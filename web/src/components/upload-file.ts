import type { z } from 'zod';
import type { UploadTicket } from '../../../shared/src/contract';
import { ApiError } from '../api/api-error';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export const IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];
/** The contract's ImageUpload limit. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** null when the file can be uploaded, else the translation key of the problem. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image_type_error';
  if (file.size <= 0 || file.size > MAX_IMAGE_BYTES) return 'image_size_error';
  return null;
}

/** PUTs the file to a presigned URL from the API, with the headers the URL was signed for. */
export async function putToTicket(ticket: z.infer<typeof UploadTicket>, file: File): Promise<void> {
  let res: Response;
  try {
    res = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: file });
  } catch (e) {
    throw new ApiError(0, 'fetch_call_error', e instanceof Error ? e.message : String(e));
  }
  if (!res.ok) throw new ApiError(res.status, 'upload_failed', `Upload failed: HTTP ${res.status}`);
}
