import type { UploadTicket } from '../../../shared/src/contract/uploads';

export type { UploadTicket };
export type PostTicket = Extract<UploadTicket, { method: 'POST' }>;

export interface StoredObject { size: number; contentType: string; etag: string }
export interface UploadedPart { partNumber: number; size: number; etag: string }
export interface ListedObject { key: string; size: number; lastModified?: string }

/**
 * The uploads bucket. Keys come from `use-cases/upload-keys.ts` only; the adapter refuses any
 * other (no '..', no leading '/', no empty segment).
 */
export interface UploadStore {
  /** A presigned POST whose policy binds the key, the content type and 1..maxBytes bytes. */
  createPostTicket(input: { key: string; contentType: string; maxBytes: number }): Promise<PostTicket>;
  /** Starts a multipart upload with the content type; returns the upload id. */
  startMultipart(input: { key: string; contentType: string }): Promise<string>;
  /** Presigned UploadPart URLs, each signed for its exact size (Content-Length). */
  partUrls(input: { key: string; uploadId: string; parts: { partNumber: number; size: number }[] }): Promise<{ parts: { partNumber: number; url: string; size: number }[]; expiresInSeconds: number }>;
  /** The parts uploaded so far; undefined when the upload id is not an open upload of this key. */
  listParts(input: { key: string; uploadId: string }): Promise<UploadedPart[] | undefined>;
  completeMultipart(input: { key: string; uploadId: string; parts: { partNumber: number; etag: string }[] }): Promise<void>;
  abortMultipart(input: { key: string; uploadId: string }): Promise<void>;
  describe(key: string): Promise<StoredObject | undefined>;
  remove(key: string): Promise<void>;
  /** Objects under a prefix, spec §5 Storage rules: maxResults 1 to 1000 (else invalid_argument). */
  list(input: { prefix: string; maxResults: number; cursor?: string }): Promise<{ items: ListedObject[]; cursor?: string }>;
  /** A short-lived link that lets a browser read a private object. */
  viewUrl(key: string): Promise<string>;
  /** Site-relative URL of an object under `public/`. */
  publicUrl(key: string): string;
}
