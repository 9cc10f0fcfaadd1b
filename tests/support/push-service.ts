import { spawnSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Web Push service on this machine, standing in for the browser vendor's (FCM for Chromium),
 * which a test cannot reach. It plays the push service's part of RFC 8030/8291/8292 honestly: it
 * holds the browser side of a subscription (the P-256 key pair and auth secret the browser would
 * make), accepts the platform's POST only with a valid VAPID signature by the expected key, and
 * decrypts the payload as the browser would. Handing the plaintext to the browser's service
 * worker (the push service's connection to the browser) is the caller's: CDP
 * `ServiceWorker.deliverPushMessage`.
 */

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

/** What the platform pushed, decrypted, with what the push service checked. */
export interface ReceivedPush { payload: string; ttl: number; urgency?: string; audience: string; subject: string }

export interface PushService {
  /** The PushSubscription the browser hands the app (`JSON.stringify(subscription)`). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Every push refused (no or bad VAPID signature, undecryptable), with why. */
  refused: string[];
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1: web-push speaks only HTTPS. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  try {
    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'pipe' });
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The VAPID JWT's claims when its ES256 signature verifies with the application server key `k`. */
function verifiedVapid(header: string | undefined, expectedKey: string): { aud: string; sub: string; exp: number } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = m;
  if (k !== expectedKey) throw new Error('signed with another application server key than the one the browser subscribed with');
  const [h, p, s] = jwt!.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))) throw new Error('bad VAPID signature');
  if (JSON.parse(Buffer.from(h!, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return JSON.parse(Buffer.from(p!, 'base64url').toString());
}

/**
 * Starts the push service on 127.0.0.1; `applicationServerKey` is the VAPID public key the browser
 * subscribes with (the platform's). `onPush` runs for each accepted push before the platform is
 * answered 201, as a push service answers once it has taken the message.
 */
export async function startPushService(applicationServerKey: string, onPush: (push: ReceivedPush) => Promise<void> | void): Promise<PushService> {
  const browserKeys = createECDH('prime256v1');
  browserKeys.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const server: Server = createServer(certificate(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void (async () => {
      try {
        if (req.method !== 'POST') throw new Error(`${req.method} is no push`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content encoding ${req.headers['content-encoding']}`);
        const claims = verifiedVapid(req.headers.authorization, applicationServerKey);
        const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
        if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, not ${origin}`);
        if (claims.exp * 1000 < Date.now()) throw new Error('VAPID JWT expired');
        const payload = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browserKeys, authSecret: auth }).toString('utf8');
        const push: ReceivedPush = { payload, ttl: Number(req.headers.ttl), urgency: req.headers.urgency as string | undefined, audience: claims.aud, subject: claims.sub };
        received.push(push);
        await onPush(push);
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (e) {
        refused.push((e as Error).message);
        res.writeHead(400).end((e as Error).message);
      }
    })());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `https://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: browserKeys.getPublicKey().toString('base64url'), auth },
    },
    received,
    refused,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
