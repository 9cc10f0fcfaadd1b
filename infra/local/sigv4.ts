import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the local S3's checks answer: pass, or S3's error status, code and message. */
export type S3Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

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
