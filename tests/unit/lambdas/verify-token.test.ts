import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type KeyLike = CryptoKey;
import { resetConfig } from '../../../lambdas/src/config';
import { verifyIdToken } from '../../../lambdas/src/adapters/cognito/verify-token';

/** quality.md "Tokens": expired, wrong pool or client, tampered signature, alg=none: refused. */
describe('ID token verification', () => {
  let server: http.Server;
  let issuer: string;
  let key: KeyLike;
  let otherKey: KeyLike;
  const client = 'client-1';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = http.createServer((_req, res) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ keys: [jwk] })); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}/pool-1`;
    Object.assign(process.env, { TABLE_NAME: 't', USER_POOL_ID: 'pool-1', USER_POOL_CLIENT_ID: client, JWT_ISSUER: issuer });
    resetConfig();
  });
  afterAll(() => { server.close(); delete process.env.JWT_ISSUER; resetConfig(); });

  const sign = (claims: Record<string, unknown>, opts: { key?: KeyLike; iss?: string; aud?: string; exp?: string | number } = {}) =>
    new SignJWT({ token_use: 'id', 'cognito:groups': ['rider'], ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('user-1').setIssuedAt().setIssuer(opts.iss ?? issuer).setAudience(opts.aud ?? client)
      .setExpirationTime(opts.exp ?? '1h')
      .sign(opts.key ?? key);

  it('accepts a valid ID token', async () => {
    expect((await verifyIdToken(await sign({})))?.sub).toBe('user-1');
  });

  it.each([
    ['expired', () => sign({}, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['another pool', () => sign({}, { iss: `${issuer}-other` })],
    ['another client', () => sign({}, { aud: 'client-2' })],
    ['an access token', () => sign({ token_use: 'access' })],
    ['signed by another key', () => sign({}, { key: otherKey })],
    ['alg none', async () => {
      const [, payload] = (await sign({})).split('.');
      return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    }],
    ['tampered', async () => {
      const [h, , s] = (await sign({})).split('.');
      const p = Buffer.from(JSON.stringify({ sub: 'user-1', 'cognito:groups': ['admin'], token_use: 'id', iss: issuer, aud: client, exp: 9e9 })).toString('base64url');
      return `${h}.${p}.${s}`;
    }],
    ['empty', async () => ''],
  ])('refuses %s', async (_name, make) => {
    expect(await verifyIdToken(await make())).toBeUndefined();
  });
});
