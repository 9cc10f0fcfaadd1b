import { createHash } from 'node:crypto';
import { signatureMatches, signingKey, type S3Verdict } from './sigv4';

/**
 * S3's check of a presigned URL (Signature Version 4 in the query string), which s3rver 3 skips
 * ("unimplemented"): the signature over the method, path, query and signed headers (a part URL
 * signs its Content-Length, so a part of another size is refused), and the expiry. Without it a
 * URL edited to another key, or a part of another size, would pass locally.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */

/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const denied = (code: string, message: string): S3Verdict => ({ ok: false, status: 403, code, message });

export function checkPresignedUrl(input: {
  method: string;
  /** The path as sent (still percent-encoded). */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  secretAccessKey: string;
  now: Date;
}): S3Verdict {
  const pairs = input.rawQuery.split('&').filter(Boolean).map((p) => {
    const i = p.indexOf('=');
    const [k, v] = i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
    return [decodeURIComponent(k.replace(/\+/g, ' ')), decodeURIComponent(v.replace(/\+/g, ' '))] as [string, string];
  });
  const query = new Map(pairs);
  const credential = (query.get('X-Amz-Credential') ?? '').split('/');
  const date = query.get('X-Amz-Date') ?? '';
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const provided = query.get('X-Amz-Signature') ?? '';
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || credential.length !== 5 || !/^\d{8}T\d{6}Z$/.test(date) || !signedHeaders.includes('host')) {
    return { ok: false, status: 400, code: 'AuthorizationQueryParametersError', message: 'The presigned URL is missing or has malformed X-Amz-* parameters.' };
  }
  const signedAt = Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
    return { ok: false, status: 400, code: 'AuthorizationQueryParametersError', message: 'X-Amz-Expires must be 1..604800 seconds.' };
  }
  if (input.now.getTime() > signedAt + expires * 1000) return denied('AccessDenied', 'Request has expired');

  const canonicalQuery = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const header = (name: string) => {
    const v = input.headers[name];
    return (Array.isArray(v) ? v.join(',') : v ?? '').trim().replace(/\s+/g, ' ');
  };
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.rawPath,
    canonicalQuery,
    signedHeaders.map((h) => `${h}:${header(h)}\n`).join(''),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, day, region, service, terminator] = credential as [string, string, string, string, string];
  const stringToSign = ['AWS4-HMAC-SHA256', date, `${day}/${region}/${service}/${terminator}`, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  if (!signatureMatches(signingKey(input.secretAccessKey, { day, region, service, terminator }), stringToSign, provided)) {
    return denied('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  return { ok: true };
}
