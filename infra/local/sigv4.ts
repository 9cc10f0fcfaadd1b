import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a local service's signature check answers: pass, or the service's error status, code and message. */
export type SigV4Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };
/** The local S3's checks answer in S3's words. */
export type S3Verdict = SigV4Verdict;

export interface Credentials { accessKeyId: string; secretAccessKey: string }

/** SigV4's signing key: the secret, HMAC-chained through the credential scope. */
export function signingKey(secretAccessKey: string, scope: { day: string; region: string; service: string; terminator?: string }): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, scope.day), scope.region), scope.service), scope.terminator ?? 'aws4_request');
}

/** The hex signature of `data` under `key`, compared in constant time with what the caller sent. */
export function signatureMatches(key: Buffer, data: string, provided: string): boolean {
  const expected = createHmac('sha256', key).update(data).digest('hex');
  return provided.length === expected.length && timingSafeEqual(Buffer.from(provided), Buffer.from(expected));
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as SigV4 wants it. */
export const encodeRfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (s: string) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; } };

/** The query as SigV4 canonicalizes it: each name and value encoded, sorted by name then value. */
export function canonicalQuery(rawQuery: string, skip: (name: string) => boolean = () => false): string {
  return rawQuery.split('&').filter(Boolean)
    .map((p) => { const i = p.indexOf('='); return i < 0 ? [decode(p), ''] : [decode(p.slice(0, i)), decode(p.slice(i + 1))]; })
    .filter(([k]) => !skip(k!))
    .map(([k, v]) => [encodeRfc3986(k!), encodeRfc3986(v!)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

type Headers = Record<string, string | string[] | undefined>;
const headerValue = (headers: Headers, name: string) => {
  const v = headers[name];
  return (Array.isArray(v) ? v.join(',') : v ?? '').trim().replace(/\s+/g, ' ');
};

/**
 * The canonical request. S3 signs the path as sent; every other service encodes it once more
 * (the SDKs' `uriEscapePath`), which only matters for paths with escapes.
 */
function canonicalRequest(input: { method: string; rawPath: string; rawQuery: string; headers: Headers; signedHeaders: string[]; payloadHash: string; service: string }): string {
  const path = input.service === 's3' ? input.rawPath : input.rawPath.split('/').map(encodeRfc3986).join('/');
  return [
    input.method.toUpperCase(),
    path || '/',
    canonicalQuery(input.rawQuery),
    input.signedHeaders.map((h) => `${h}:${headerValue(input.headers, h)}\n`).join(''),
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;
/** How far a request's X-Amz-Date may be from now (AWS: 15 minutes). */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** How a service names each way a header signature can fail. */
export interface SigV4Errors {
  missing: SigV4Verdict & { ok: false };
  unknownKey: SigV4Verdict & { ok: false };
  mismatch: SigV4Verdict & { ok: false };
  expired: SigV4Verdict & { ok: false };
}

/**
 * A request signed in its Authorization header (what every AWS SDK client sends): the key must be
 * the local one, the date within 15 minutes, and the signature right over the method, path, query,
 * signed headers (host always among them) and payload hash.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export function checkAuthorizationHeader(input: {
  method: string;
  /** The path as sent (still percent-encoded). */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  /** Lower-case names, as Node gives them. */
  headers: Headers;
  /** sha256 hex of the body; S3 signs what its `x-amz-content-sha256` header declares instead. */
  payloadHash: string;
  service: string;
  credentials: Credentials;
  errors: SigV4Errors;
  now: Date;
}): SigV4Verdict {
  const m = AUTHORIZATION.exec(headerValue(input.headers, 'authorization'));
  if (!m) return input.errors.missing;
  const [, credential, signed, provided] = m as unknown as [string, string, string, string];
  const scope = credential.split('/');
  const signedHeaders = signed.split(';');
  const date = headerValue(input.headers, 'x-amz-date');
  if (scope.length !== 5 || scope[0] !== input.credentials.accessKeyId) return input.errors.unknownKey;
  const [, day, region, service, terminator] = scope as [string, string, string, string, string];
  if (service !== input.service || terminator !== 'aws4_request' || !signedHeaders.includes('host') || !/^\d{8}T\d{6}Z$/.test(date) || !date.startsWith(day)) {
    return input.errors.mismatch;
  }
  const signedAt = Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  if (Math.abs(input.now.getTime() - signedAt) > MAX_SKEW_MS) return input.errors.expired;
  const stringToSign = ['AWS4-HMAC-SHA256', date, `${day}/${region}/${service}/${terminator}`,
    sha256Hex(canonicalRequest({ ...input, signedHeaders }))].join('\n');
  if (!signatureMatches(signingKey(input.credentials.secretAccessKey, { day, region, service }), stringToSign, provided)) return input.errors.mismatch;
  return { ok: true };
}

/**
 * Signs a request in its headers, as an SDK client would: for the local cloud's own server-side
 * calls (the gateway reading public objects as CloudFront's origin access control does, and
 * forwarding a verified Cognito call to the emulator).
 */
export function signHeaders(input: {
  method: string; url: URL; headers: Record<string, string>; body: string | Buffer; service: string; region: string; credentials: Credentials; now?: Date;
}): Record<string, string> {
  const date = (input.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = date.slice(0, 8);
  const payloadHash = sha256Hex(input.body);
  const headers: Record<string, string> = { ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v])), host: input.url.host, 'x-amz-date': date };
  if (input.service === 's3') headers['x-amz-content-sha256'] = payloadHash;
  const signedHeaders = Object.keys(headers).sort();
  const stringToSign = ['AWS4-HMAC-SHA256', date, `${day}/${input.region}/${input.service}/aws4_request`,
    sha256Hex(canonicalRequest({ method: input.method, rawPath: input.url.pathname, rawQuery: input.url.search.slice(1), headers, signedHeaders, payloadHash, service: input.service }))].join('\n');
  const signature = createHmac('sha256', signingKey(input.credentials.secretAccessKey, { day, region: input.region, service: input.service })).update(stringToSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${day}/${input.region}/${input.service}/aws4_request, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}` };
}
