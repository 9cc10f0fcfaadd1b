import { CognitoIdentityProviderClient, ConfirmForgotPasswordCommand, ForgotPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { base64url, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDriver } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { newRider, type TestRider } from './support/trips';
import WebSocket from 'ws';
import { nextMessage, open, subscribe } from './support/ws';

/**
 * quality.md "Tokens: expired, wrong pool or client, tampered signature, alg=none: 401", for REST
 * (the Cognito authorizer; the local gateway verifies the same way) and the WebSocket connect.
 * Every refused call is a write (PATCH /me) whose effect is looked for afterwards: nothing lands.
 */

const TAMPERED_NAME = 'Tampered';

/** cognito-local's signing key, when the deployment under test is the local cloud: lets a test sign a token exactly as the pool would, then break one thing. */
function poolKey(): { jwk: JWK } | undefined {
  const file = resolve('node_modules/cognito-local/lib/keys/cognitoLocal.private.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK }) : undefined;
}

async function signLike(token: string, key: CryptoKey | Uint8Array | JWK, change: (p: JWTPayload) => JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
  const original = decodeJwt(token);
  const k = 'kty' in (key as object) && !(key instanceof Uint8Array) ? await importJWK(key as JWK, 'RS256') : (key as CryptoKey);
  return new SignJWT(change({ ...original }) as JWTPayload).setProtectedHeader({ ...decodeProtectedHeader(token), alg: 'RS256', ...header } as never).sign(k);
}

/** The same token with its payload replaced and the original signature kept. */
function withPayload(token: string, change: (p: JWTPayload) => JWTPayload): string {
  const [h, , s] = token.split('.');
  return `${h}.${base64url.encode(JSON.stringify(change(decodeJwt(token))))}.${s}`;
}

async function accessTokenOf(email: string, password: string): Promise<string> {
  const e = endpoints();
  const client = new CognitoIdentityProviderClient({ region: e.region, endpoint: e.cognitoEndpoint || undefined, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const out = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
  client.destroy();
  return out.AuthenticationResult!.AccessToken!;
}

const nowS = () => Math.floor(Date.now() / 1000);

function cognitoClient(): CognitoIdentityProviderClient {
  const e = endpoints();
  return new CognitoIdentityProviderClient({ region: e.region, endpoint: e.cognitoEndpoint || undefined, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
}

/** A new sign-in (never cached): the session's ID and refresh tokens. */
async function signIn(email: string, password: string): Promise<{ id: string; refresh: string }> {
  const client = cognitoClient();
  try {
    const out = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: endpoints().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
    return { id: out.AuthenticationResult!.IdToken!, refresh: out.AuthenticationResult!.RefreshToken! };
  } finally {
    client.destroy();
  }
}

/** A new ID token from a session's refresh token; rejects when the session was revoked. */
async function refreshed(refresh: string): Promise<string> {
  const client = cognitoClient();
  try {
    const out = await client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: endpoints().userPoolClientId, AuthParameters: { REFRESH_TOKEN: refresh } }));
    return out.AuthenticationResult!.IdToken!;
  } finally {
    client.destroy();
  }
}

/** Token times are whole seconds: wait until the second of the sign-in is over, so an end recorded now is later. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1050 - (Date.now() % 1000)));

/** Resolves with the close code once the server closes the socket, or rejects after 15 s. */
const closedByServer = (ws: WebSocket) => new Promise<number>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the socket stayed open')), 15_000);
  ws.once('close', (code) => { clearTimeout(timer); resolve(code); });
});

describe('token abuse', () => {
  let rider: TestRider;
  let good: string;
  let pool: { jwk: JWK } | undefined;
  beforeAll(async () => {
    rider = await newRider();
    good = rider.token;
    // The local pool's key, only if it really is what signs this deployment's tokens.
    const key = poolKey();
    if (key) {
      const pub = await importJWK({ kty: key.jwk.kty, n: key.jwk.n, e: key.jwk.e } as JWK, 'RS256');
      pool = await jwtVerify(good, pub).then(() => key, () => undefined);
    }
  });

  /** A write attempted with `authorization` as the header: refused 401 not_logged_in. */
  async function refused(authorization: string, what: string) {
    const res = await api('PATCH', '/me', { authorization, body: { firstName: TAMPERED_NAME, lastName: 'Name' } });
    expect({ what, status: res.status, code: res.body?.error?.code }).toEqual({ what, status: 401, code: 'not_logged_in' });
  }

  const forged: Record<string, () => Promise<string>> = {
    'alg none': async () => {
      const [, p] = good.split('.');
      return `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${p}.`;
    },
    'alg none, groups admin': async () => `${base64url.encode(JSON.stringify({ alg: 'none' }))}.${base64url.encode(JSON.stringify({ ...decodeJwt(good), 'cognito:groups': ['admin'] }))}.`,
    'payload changed to the admin group, original signature': async () => withPayload(good, (p) => ({ ...p, 'cognito:groups': ['admin'] })),
    'payload changed to another user, original signature': async () => {
      const other = decodeJwt(await idToken(DEMO.rider2));
      return withPayload(good, (p) => ({ ...p, sub: other.sub, email: other.email }));
    },
    'expiry pushed into the future, original signature': async () => withPayload(good, (p) => ({ ...p, exp: nowS() + 86_400 * 365 })),
    'signature stripped': async () => good.split('.').slice(0, 2).join('.') + '.',
    'signature of another token': async () => `${good.split('.').slice(0, 2).join('.')}.${(await idToken(DEMO.rider2)).split('.')[2]}`,
    'signed by another key (same kid)': async () => {
      const { privateKey } = await generateKeyPair('RS256');
      return signLike(good, privateKey, (p) => p);
    },
    'signed by another key, its public key in the header (jwk)': async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      return signLike(good, privateKey, (p) => ({ ...p, 'cognito:groups': ['admin'] }), { jwk: await exportJWK(publicKey) });
    },
    'HS256 keyed with the pool\'s public key (algorithm confusion)': async () => {
      const res = await fetch(`${decodeJwt(good).iss}/.well-known/jwks.json`).then((r) => r.text()).catch(() => 'jwks');
      return new SignJWT({ ...decodeJwt(good), 'cognito:groups': ['admin'] }).setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(good).kid }).sign(new TextEncoder().encode(res));
    },
    'not a JWT': async () => 'definitely-not-a-token',
    'three empty parts': async () => '..',
  };

  for (const [name, make] of Object.entries(forged)) {
    it(`REST refuses a token: ${name}`, async () => refused(`Bearer ${await make()}`, name));
  }

  it('REST refuses an access token where the ID token is expected (token_use)', async () => {
    const access = await accessTokenOf(rider.email, 'Rider1234');
    expect(decodeJwt(access).token_use).toBe('access');
    await refused(`Bearer ${access}`, 'access token');
  });

  describe('tokens signed with the pool\'s own key, one claim wrong (local cloud only)', () => {
    const cases: Record<string, (p: JWTPayload) => JWTPayload> = {
      'expired an hour ago': (p) => ({ ...p, iat: nowS() - 7200, exp: nowS() - 3600 }),
      'expired a minute ago': (p) => ({ ...p, exp: nowS() - 60 }),
      'another app client (aud)': (p) => ({ ...p, aud: 'another-client-id' }),
      'another user pool (iss)': (p) => ({ ...p, iss: `${String(p.iss).replace(/\/[^/]+$/, '')}/us-east-1_OtherPool` }),
      'token_use access': (p) => ({ ...p, token_use: 'access' }),
      'not valid yet (nbf)': (p) => ({ ...p, nbf: nowS() + 3600 }),
    };

    it('the re-signing itself is sound: an unchanged copy is accepted (so each refusal below is the claim\'s)', async ({ skip }) => {
      if (!pool) skip();
      const copy = await signLike(good, pool!.jwk, (p) => p);
      const res = await api('GET', '/me', { token: copy });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    for (const [name, change] of Object.entries(cases)) {
      it(`REST refuses: ${name}`, async ({ skip }) => {
        if (!pool) skip();
        await refused(`Bearer ${await signLike(good, pool!.jwk, change)}`, name);
      });
    }

    it('the WebSocket refuses them too', async ({ skip }) => {
      if (!pool) skip();
      for (const [name, change] of Object.entries(cases)) {
        await expect(open(await signLike(good, pool!.jwk, change)), name).rejects.toThrow(/401/);
      }
    });
  });

  describe('malformed Authorization headers', () => {
    const headers: Record<string, () => string> = {
      'empty': () => '',
      'the scheme alone': () => 'Bearer',
      'the scheme and a space': () => 'Bearer ',
      'another scheme': () => `Basic ${good}`,
      'two tokens, space separated': () => `Bearer ${good} ${good}`,
      'two tokens, comma separated': () => `Bearer ${good}, Bearer ${good}`,
      'the token twice without a separator': () => `Bearer ${good}${good}`,
      'extremely long': () => `Bearer ${'A'.repeat(12_000)}`,
      'a token with a trailing junk character': () => `Bearer ${good}x`,
      'unicode': () => `Bearer ${encodeURIComponent('ŧøķęñ')}`,
    };
    for (const [name, h] of Object.entries(headers)) {
      it(`REST refuses: ${name}`, async () => {
        if (name === 'empty') {
          const res = await api('PATCH', '/me', { headers: { authorization: '' }, body: { firstName: TAMPERED_NAME } });
          expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 401, code: 'not_logged_in' });
        } else await refused(h(), name);
      });
    }

    it('the bare token without a scheme is taken, as API Gateway\'s Cognito authorizer takes it', async () => {
      const res = await api('GET', '/me', { authorization: good });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(rider.id);
    });
  });

  it('the WebSocket refuses every forged token and a missing one', async () => {
    await expect(open()).rejects.toThrow(/401/);
    for (const [name, make] of Object.entries(forged)) {
      await expect(open(await make()), name).rejects.toThrow(/401/);
    }
    await expect(open(await accessTokenOf(rider.email, 'Rider1234')), 'access token').rejects.toThrow(/401/);
    await expect(open('A'.repeat(4000)), 'long').rejects.toThrow(/401/);
  });

  it('nothing any refused call tried was written', async () => {
    const me = await api('GET', '/me', { token: good });
    expect(me.status).toBe(200);
    expect(me.body.firstName).not.toBe(TAMPERED_NAME);
    const other = await api('GET', '/me', { token: await idToken(DEMO.rider2) });
    expect(other.body.firstName).not.toBe(TAMPERED_NAME);
  });

  describe('a user who is gone or unapproved, with a token that is still valid', () => {
    it('a deleted user\'s token acts no more (REST 403 not_valid_user_type: the profile is gone), and the WebSocket refuses it', async () => {
      const gone = await newRider();
      const admin = await idToken(DEMO.admin);
      expect((await api('GET', '/me', { token: gone.token })).status).toBe(200);
      const del = await api('DELETE', `/users/${gone.id}`, { token: admin });
      expect(del.status, JSON.stringify(del.body)).toBeLessThan(300);
      const write = await api('PATCH', '/me', { token: gone.token, body: { firstName: TAMPERED_NAME, lastName: 'Name' } });
      expect({ status: write.status, code: write.body.error?.code }).toEqual({ status: 403, code: 'not_valid_user_type' });
      const book = await api('POST', '/bookings/estimate', { token: gone.token, body: { pickup: { lat: 37.77, lng: -122.42, add: 'A' }, drop: { lat: 37.8, lng: -122.27, add: 'B' }, carTypeId: 'economy' } });
      expect(book.status).toBe(403);
      // The profile did not come back with the write.
      const list = await api('GET', `/users?usertype=rider&limit=100`, { token: admin });
      expect(list.body.items.map((u: { id: string }) => u.id)).not.toContain(gone.id);
      await expect(open(gone.token)).rejects.toThrow(/40[13]/);
    });

    it('an unapproved driver\'s token: REST 403 require_approval, and the WebSocket refuses it', async () => {
      const d = await newDriver();
      const admin = await idToken(DEMO.admin);
      const off = await api('POST', `/users/${d.id}/approval`, { token: admin, body: { approved: false } });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      const ping = await api('POST', '/drivers/me/location', { token: d.token, body: { lat: -61, lng: -110 } });
      expect({ status: ping.status, code: ping.body.error?.code }).toEqual({ status: 403, code: 'require_approval' });
      await expect(open(d.token)).rejects.toThrow(/403/);
    });

    it('a socket opened before the account is deleted hears the change, then the server closes it', async () => {
      const gone = await newRider();
      const admin = await idToken(DEMO.admin);
      const ws = await open(gone.token);
      expect(await subscribe(ws, `user/${gone.id}`)).toBe('subscribed');
      const heard = nextMessage(ws, (m) => m.type === 'event' && m.topic === `user/${gone.id}` && m.change === 'REMOVE');
      const closed = closedByServer(ws);
      expect((await api('DELETE', `/users/${gone.id}`, { token: admin })).status).toBeLessThan(300);
      await heard;
      expect(await closed).toBe(1000);
    });

    it('a socket opened before the driver loses approval is closed, and one of an approved driver stays open', async () => {
      const [d, kept] = [await newDriver(), await newDriver()];
      const admin = await idToken(DEMO.admin);
      const ws = await open(d.token);
      const other = await open(kept.token);
      expect(await subscribe(ws, `offers/${d.id}`)).toBe('subscribed');
      expect(await subscribe(other, `offers/${kept.id}`)).toBe('subscribed');
      const closed = closedByServer(ws);
      expect((await api('POST', `/users/${d.id}/approval`, { token: admin, body: { approved: false } })).status).toBe(200);
      expect(await closed).toBe(1000);
      // Another account's socket is untouched: it still answers.
      const pong = nextMessage(other, (m) => m.type === 'pong');
      other.send(JSON.stringify({ action: 'ping' }));
      await pong;
      other.close();
    });
  });

  /**
   * Issue 19 item 7: every path that ends a session (sign-out, a password reset, an admin taking
   * approval away) makes the tokens issued before it useless: REST answers 401 session_ended, the
   * WebSocket refuses to open and closes the sockets already open, the refresh token is revoked, and
   * a new sign-in works at once.
   */
  describe('a session that has ended', () => {
    async function expectEnded(token: string, refresh: string, socket: WebSocket, closed: Promise<number>, what: string) {
      const me = await api('GET', '/me', { token });
      expect({ what, status: me.status, code: me.body?.error?.code }).toEqual({ what, status: 401, code: 'session_ended' });
      const write = await api('PATCH', '/me', { token, body: { firstName: TAMPERED_NAME, lastName: 'Name' } });
      expect({ what, status: write.status, code: write.body?.error?.code }).toEqual({ what, status: 401, code: 'session_ended' });
      await expect(open(token), what).rejects.toThrow(/401/);
      expect(await closed, what).toBe(1000);
      socket.close();
      await expect(refreshed(refresh), `${what}: the refresh token is revoked`).rejects.toThrow();
    }

    async function expectFreshSignInWorks(email: string, password: string, uid: string, what: string) {
      const fresh = await signIn(email, password);
      const me = await api('GET', '/me', { token: fresh.id });
      expect({ what, status: me.status, id: me.body.id }).toEqual({ what, status: 200, id: uid });
      const ws = await open(fresh.id);
      expect(await subscribe(ws, `user/${uid}`)).toBe('subscribed');
      ws.close();
    }

    /** Each way a user ends their own sessions; answers the password to sign in with afterwards. */
    const endings: { what: string; end: (r: { email: string }, token: string) => Promise<string> }[] = [
      {
        what: 'sign-out',
        end: async (_r, token) => {
          const out = await api('POST', '/me/sign-out', { token });
          expect(out.status, JSON.stringify(out.body)).toBe(200);
          return 'Rider1234';
        },
      },
      {
        what: 'password reset',
        end: async (r) => {
          const e = endpoints();
          const client = cognitoClient();
          const started = new Date().toISOString();
          await client.send(new ForgotPasswordCommand({ ClientId: e.userPoolClientId, Username: r.email }));
          let code: string | undefined;
          for (let i = 0; i < 50 && !code; i++) {
            const { items } = await (await fetch(`${e.siteUrl}/local/outbox`)).json() as { items: { to: string; message: string; at: string }[] };
            code = /(\d{4,8})/.exec(items.find((m) => m.to === r.email && m.at >= started)?.message ?? '')?.[1];
            if (!code) await new Promise((res) => setTimeout(res, 100));
          }
          expect(code).toBeTruthy();
          await client.send(new ConfirmForgotPasswordCommand({ ClientId: e.userPoolClientId, Username: r.email, ConfirmationCode: code!, Password: 'Changed1234' }));
          client.destroy();
          return 'Changed1234';
        },
      },
    ];

    it.each(endings)('$what: the old token gets 401 session_ended and no socket; a sign-in in the same second as the end works', async ({ what, end }) => {
      const r = await newRider();
      const old = await signIn(r.email, 'Rider1234');
      const ws = await open(old.id);
      expect(await subscribe(ws, `user/${r.id}`)).toBe('subscribed');
      const closed = closedByServer(ws);
      await nextSecond();
      const password = await end(r, old.id);
      // At once, most likely in the very second the sessions ended.
      const again = await signIn(r.email, password);
      expect((await api('GET', '/me', { token: again.id })).status, what).toBe(200);
      await expectEnded(old.id, old.refresh, ws, closed, what);
      await expectFreshSignInWorks(r.email, password, r.id, what);
      // Nothing the old token tried was written.
      expect((await api('GET', '/me', { token: again.id })).body.firstName, what).not.toBe(TAMPERED_NAME);
    });

    it('an admin takes approval away and gives it back: the old token stays dead; a new sign-in works', async () => {
      const d = await newDriver();
      const admin = await idToken(DEMO.admin);
      const old = await signIn(d.email, 'Driver1234');
      const ws = await open(old.id);
      expect(await subscribe(ws, `user/${d.id}`)).toBe('subscribed');
      const closed = closedByServer(ws);
      await nextSecond();
      expect((await api('POST', `/users/${d.id}/approval`, { token: admin, body: { approved: false } })).status).toBe(200);
      expect((await api('POST', `/users/${d.id}/approval`, { token: admin, body: { approved: true } })).status).toBe(200);
      await expectEnded(old.id, old.refresh, ws, closed, 'approval taken away and given back');
      await expectFreshSignInWorks(d.email, 'Driver1234', d.id, 'approval given back');
    });
  });
});
