import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { checkPostPolicy } from './s3-post-policy';
import { checkPresignedUrl } from './s3-presigned-url';
import { checkAuthorizationHeader, type Credentials, type SigV4Errors } from './sigv4';

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
  req: IncomingMessage; headers: Record<string, string | string[] | undefined>;
}

/** A form POST bigger than this is refused before it is read into memory (uploads above 5 MiB go in parts). */
const MAX_FORM_BYTES = 64 * 1024 * 1024;

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

/**
 * Browser form uploads (POST to the bucket) are checked against their signed policy as S3 does
 * (`s3-post-policy.ts`); s3rver itself ignores the policy. The form is read once here, then handed
 * on to s3rver unchanged.
 */
function postPolicy(secretAccessKey: string) {
  return async (ctx: KoaLike, next: () => Promise<void>) => {
    const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
    const type = String(ctx.headers['content-type'] ?? '');
    if (ctx.method !== 'POST' || !bucket || !type.startsWith('multipart/form-data')) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > MAX_FORM_BYTES) return xmlError(ctx, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': type } }).formData();
    } catch {
      return xmlError(ctx, 400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    }
    const fields: Record<string, string> = {};
    let fileSize = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'file') fileSize = value.size;
    }
    const verdict = checkPostPolicy({ fields, fileSize, bucket, secretAccessKey, now: new Date() });
    if (!verdict.ok) return xmlError(ctx, verdict.status, verdict.code, verdict.message);
    // s3rver pipes the request into its form parser, and the stream is spent: pipe the same bytes.
    ctx.req.pipe = ((dest: NodeJS.WritableStream) => Readable.from([body]).pipe(dest)) as IncomingMessage['pipe'];
    return next();
  };
}

/** Presigned URLs (X-Amz-* in the query) are checked as S3 does (`s3-presigned-url.ts`); s3rver skips SigV4. */
function presignedUrls(secretAccessKey: string) {
  return async (ctx: KoaLike, next: () => Promise<void>) => {
    const url = ctx.req.url ?? '';
    const q = url.indexOf('?');
    if (q < 0 || !/[?&]X-Amz-Algorithm=/.test(url) || ctx.method === 'OPTIONS') return next();
    const verdict = checkPresignedUrl({ method: ctx.method, rawPath: url.slice(0, q), rawQuery: url.slice(q + 1), headers: ctx.headers, secretAccessKey, now: new Date() });
    if (!verdict.ok) return xmlError(ctx, verdict.status, verdict.code, verdict.message);
    return next();
  };
}

/** What S3 answers a request it cannot attribute to the bucket owner. */
const S3_AUTH_ERRORS: SigV4Errors = {
  missing: { ok: false, status: 403, code: 'AccessDenied', message: 'Access Denied' },
  unknownKey: { ok: false, status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' },
  mismatch: { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' },
  expired: { ok: false, status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' },
};

/**
 * The bucket is private, as in AWS: every request must carry a signature by the local cloud's
 * credentials. A presigned URL and a form POST are checked by the two middlewares after this one
 * (they carry their signature in the query or the form); anything else must be signed in its
 * Authorization header (the handlers' SDK client), else 403 AccessDenied. s3rver itself lets
 * anyone read, list, overwrite and delete. Only CORS preflights pass unsigned, as in S3.
 */
function signedOnly(credentials: Credentials) {
  return async (ctx: KoaLike, next: () => Promise<void>) => {
    const url = ctx.req.url ?? '/';
    const q = url.indexOf('?');
    const presigned = q >= 0 && /[?&]X-Amz-Algorithm=/.test(url);
    const form = ctx.method === 'POST' && /^\/[^/]+\/?$/.test(ctx.path) && String(ctx.headers['content-type'] ?? '').startsWith('multipart/form-data');
    if (ctx.method === 'OPTIONS' || presigned || form) return next();
    const declared = ctx.headers['x-amz-content-sha256'];
    const verdict = checkAuthorizationHeader({
      method: ctx.method, rawPath: q < 0 ? url : url.slice(0, q), rawQuery: q < 0 ? '' : url.slice(q + 1), headers: ctx.headers,
      // S3 signs the payload hash its caller declares (or UNSIGNED-PAYLOAD); without one nothing matches.
      payloadHash: typeof declared === 'string' ? declared : '', service: 's3', credentials, errors: S3_AUTH_ERRORS, now: new Date(),
    });
    if (!verdict.ok) return xmlError(ctx, verdict.status, verdict.code, verdict.message);
    return next();
  };
}

/** s3rver stands in for S3: presigned PUT/GET and POST forms work as in AWS (it checks signatures). */
export async function startS3(opts: { port: number; dir: string; bucket: string; credentials: Credentials }): Promise<LocalS3> {
  const { secretAccessKey } = opts.credentials;
  const directory = resolve(opts.dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port: opts.port, address: '127.0.0.1', silent: true, directory,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  // Before s3rver's router (its last middleware), after its logger and error handling.
  const middleware = (server as unknown as { middleware: unknown[] }).middleware;
  middleware.splice(middleware.length - 1, 0, signedOnly(opts.credentials), presignedUrls(secretAccessKey), multipartGaps(directory), postPolicy(secretAccessKey));
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, bucket: opts.bucket, stop: () => server.close() };
}
