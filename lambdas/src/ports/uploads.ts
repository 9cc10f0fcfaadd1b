export interface UploadTicket {
  uploadUrl: string;
  headers: Record<string, string>;
  key: string;
  expiresInSeconds: number;
  maxBytes: number;
}

export interface UploadStore {
  createUploadUrl(input: { key: string; contentType: string; maxBytes: number }): Promise<UploadTicket>;
  describe(key: string): Promise<{ size: number; contentType: string; etag: string } | undefined>;
  remove(key: string): Promise<void>;
  /** A short-lived link that lets a browser read a private object. */
  viewUrl(key: string): Promise<string>;
  /** Site-relative URL of an object under `public/`. */
  publicUrl(key: string): string;
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
