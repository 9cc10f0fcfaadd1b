import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3 { endpoint: string; bucket: string; stop(): Promise<void> }

const MIN_PART_BYTES = 5 * 1024 * 1024;

interface KoaLike {
  method: string; path: string; query: Record<string, string | string[] | undefined>;
  status: number; body: unknown; type: string; set(name: string, value: string): void;
}

const xmlError = (ctx: KoaLike, status: number, code: string, message: string) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
};

/**
 * What s3rver 3 lacks of S3's multipart uploads, played over its own files (`<bucket>/._S3rver_uploads/<id>`,
 * holding `key`, `metadata` and the parts `<n>` with `<n>.md5`): ListParts, AbortMultipartUpload, an
 * upload id bound to its key (UploadPart and CompleteMultipartUpload of another key answer
 * NoSuchUpload, as S3 does) and EntityTooSmall for parts under 5 MiB but the last.
 * s3rver checks no POST policy either: the server's HeadObject check after every upload is what
 * refuses a wrong file locally (in AWS the policy refuses it first).
 */
function multipartGaps(directory: string) {
  return async (ctx: KoaLike, next: () => Promise<void>) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!uploadId || !m || ctx.method === 'OPTIONS') return next();
    const [, bucket, rawKey] = m;
    const key = decodeURIComponent(rawKey!);
    if (!/^[0-9a-f]+$/.test(uploadId)) return xmlError(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    const dir = join(directory, bucket!, '._S3rver_uploads', uploadId);
    const storedKey = existsSync(join(dir, 'key')) ? await readFile(join(dir, 'key'), 'utf8') : undefined;
    if (storedKey !== key) return xmlError(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');

    const parts = async () => {
      const names = (await readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
      return Promise.all(names.map(async (n) => ({
        n, size: (await stat(join(dir, String(n)))).size, etag: (await readFile(join(dir, `${n}.md5`), 'utf8').catch(() => '')).trim(),
      })));
    };

    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    if (ctx.method === 'GET') {
      const list = (await parts()).filter((p) => p.etag);
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>`
        + `<IsTruncated>false</IsTruncated>${list.map((p) => `<Part><PartNumber>${p.n}</PartNumber><ETag>"${p.etag}"</ETag><Size>${p.size}</Size></Part>`).join('')}</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'POST') {
      const list = await parts();
      if (list.slice(0, -1).some((p) => p.size < MIN_PART_BYTES)) {
        return xmlError(ctx, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
      }
    }
    return next();
  };
}

/** s3rver stands in for S3: presigned PUT/GET and POST forms work as in AWS (it checks signatures). */
export async function startS3(opts: { port: number; dir: string; bucket: string }): Promise<LocalS3> {
  const directory = resolve(opts.dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port: opts.port, address: '127.0.0.1', silent: true, directory,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  // Before s3rver's router (its last middleware), after its logger and error handling.
  const middleware = (server as unknown as { middleware: unknown[] }).middleware;
  middleware.splice(middleware.length - 1, 0, multipartGaps(directory));
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, bucket: opts.bucket, stop: () => server.close() };
}
