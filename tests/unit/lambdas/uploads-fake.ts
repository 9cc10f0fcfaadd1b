import type { UploadStore } from '../../../lambdas/src/ports/uploads';

/** An in-memory uploads bucket: objects, and multipart uploads bound to their key (as S3 does). */
export function fakeUploads(objects: Record<string, { size: number; contentType: string }> = {}) {
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, { size: number; etag: string }> }>();
  const calls: string[] = [];
  let next = 0;
  const open = (key: string, uploadId: string) => {
    const u = uploads.get(uploadId);
    return u && u.key === key ? u : undefined;
  };
  const store: UploadStore = {
    async createPostTicket({ key, contentType, maxBytes }) {
      calls.push(`post ${key}`);
      return { method: 'POST', url: 'https://s3/bucket', fields: { key, 'Content-Type': contentType }, key, expiresInSeconds: 300, maxBytes };
    },
    async startMultipart({ key, contentType }) {
      const id = `up-${++next}`;
      uploads.set(id, { key, contentType, parts: new Map() });
      calls.push(`start ${key}`);
      return id;
    },
    async partUrls({ key, uploadId, parts }) {
      return { parts: parts.map((p) => ({ ...p, url: `https://s3/${key}?uploadId=${uploadId}&partNumber=${p.partNumber}&size=${p.size}` })), expiresInSeconds: 300 };
    },
    async listParts({ key, uploadId }) {
      const u = open(key, uploadId);
      return u ? [...u.parts].map(([partNumber, p]) => ({ partNumber, ...p })) : undefined;
    },
    async completeMultipart({ key, uploadId, parts }) {
      const u = open(key, uploadId)!;
      objects[key] = { size: parts.reduce((n, p) => n + u.parts.get(p.partNumber)!.size, 0), contentType: u.contentType };
      uploads.delete(uploadId);
      calls.push(`complete ${key}`);
    },
    async abortMultipart({ key, uploadId }) {
      if (open(key, uploadId)) uploads.delete(uploadId);
      calls.push(`abort ${key}`);
    },
    async describe(key) { const o = objects[key]; return o ? { ...o, etag: 'e' } : undefined; },
    async remove(key) { delete objects[key]; calls.push(`remove ${key}`); },
    async list({ prefix, maxResults }) {
      return { items: Object.entries(objects).filter(([k]) => k.startsWith(prefix)).slice(0, maxResults).map(([key, o]) => ({ key, size: o.size })) };
    },
    async viewUrl(key) { return `https://s3/${key}?signed`; },
    publicUrl: (key) => `/${key}`,
  };
  /** What a browser's PUT of a part would leave behind. */
  const putPart = (uploadId: string, partNumber: number, size: number) => {
    uploads.get(uploadId)!.parts.set(partNumber, { size, etag: `etag-${partNumber}` });
    return `etag-${partNumber}`;
  };
  return { store, objects, uploads, calls, putPart };
}
