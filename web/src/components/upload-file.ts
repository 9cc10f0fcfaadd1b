import { UPLOAD_LIMITS } from '../../../shared/src/domain/upload-plan';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export const IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];
/** The contract's ImageUpload limit (profile and car type pictures). */
export const MAX_IMAGE_BYTES = UPLOAD_LIMITS.profileImage;
/** The contract's DocumentUpload limit (licence, trip photos; sent in parts above 5 MiB). */
export const MAX_DOCUMENT_BYTES = UPLOAD_LIMITS.tripPhoto;

/** null when the file can be uploaded, else the translation key of the problem. */
export function imageProblem(file: File, maxBytes: number = MAX_IMAGE_BYTES): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image_type_error';
  if (file.size <= 0 || file.size > maxBytes) return maxBytes > MAX_IMAGE_BYTES ? 'document_size_error' : 'image_size_error';
  return null;
}
