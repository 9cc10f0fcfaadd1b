import { signatureMatches, signingKey, type S3Verdict } from './sigv4';

/**
 * S3's browser-based POST upload check (Signature Version 4), which s3rver 3 skips: the policy is
 * signed by the credential it names, has not expired, every condition holds for the form's fields
 * and the file's size, and every form field is covered by a condition. Without it a presigned
 * POST would accept any key, type or size locally, and tests could not show that the policy the
 * server writes refuses what it should.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

type Condition = Record<string, string> | [string, ...unknown[]];

/** Fields S3 lets a form carry without a condition (the signature cannot sign itself; the policy is signed). */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

const denied = (message: string): S3Verdict => ({ ok: false, status: 403, code: 'AccessDenied', message: `Invalid according to Policy: ${message}` });

export function checkPostPolicy(input: {
  /** The form's text fields as sent (names in any case). */
  fields: Record<string, string>;
  fileSize: number;
  bucket: string;
  secretAccessKey: string;
  now: Date;
}): S3Verdict {
  const fields = new Map(Object.entries(input.fields).map(([k, v]) => [k.toLowerCase(), v]));
  const policyText = fields.get('policy');
  if (!policyText) return { ok: false, status: 403, code: 'AccessDenied', message: 'Anonymous access is forbidden for this operation' };

  const signature = fields.get('x-amz-signature') ?? '';
  const credential = (fields.get('x-amz-credential') ?? '').split('/');
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || credential.length !== 5 || credential[3] !== 's3' || credential[4] !== 'aws4_request') {
    return { ok: false, status: 400, code: 'InvalidRequest', message: 'The POST form must carry an AWS4-HMAC-SHA256 credential for s3' };
  }
  const [, date, region] = credential as [string, string, string];
  if (!signatureMatches(signingKey(input.secretAccessKey, { day: date, region, service: 's3' }), policyText, signature)) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
  } catch {
    return { ok: false, status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!Number.isFinite(expiration) || !Array.isArray(policy.conditions)) {
    return { ok: false, status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: expiration and conditions are required.' };
  }
  if (expiration <= input.now.getTime()) return denied('Policy expired.');

  const valueOf = (name: string) => (name === 'bucket' ? input.bucket : fields.get(name));
  const covered = new Set<string>();
  for (const condition of policy.conditions as Condition[]) {
    if (Array.isArray(condition)) {
      const [op, ...args] = condition;
      if (op === 'content-length-range') {
        const [min, max] = args.map(Number) as [number, number];
        if (input.fileSize > max) return { ok: false, status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
        if (input.fileSize < min) return { ok: false, status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
        continue;
      }
      const [ref, wanted] = args as [string, string];
      const name = String(ref).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const actual = valueOf(name) ?? '';
      const holds = op === 'eq' ? actual === wanted : op === 'starts-with' ? actual.startsWith(String(wanted)) : false;
      if (!holds) return denied(`Policy Condition failed: ${JSON.stringify(condition)}`);
      continue;
    }
    for (const [ref, wanted] of Object.entries(condition)) {
      const name = ref.replace(/^\$/, '').toLowerCase();
      covered.add(name);
      if (valueOf(name) !== wanted) return denied(`Policy Condition failed: ${JSON.stringify(['eq', `$${ref}`, wanted])}`);
    }
  }
  const extra = [...fields.keys()].filter((k) => !UNCONDITIONED.has(k) && !k.startsWith('x-ignore-') && !covered.has(k));
  if (extra.length) return denied(`Extra input fields: ${extra.join(', ')}`);
  return { ok: true };
}
