import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';

function b64url(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}

/** quality.md "Bad input": a 4xx with { error: { code, message } }, never a 5xx, nothing written. */
describe('bad input', () => {
  let token: string;
  let before: Record<string, unknown>;
  beforeAll(async () => {
    token = await idToken(DEMO.rider2);
    before = (await api('GET', '/me', { token })).body;
  });

  const expectUnchanged = async () => {
    const after = await api('GET', '/me', { token });
    expect(after.body).toEqual(before);
  };

  it('malformed JSON gives 400 invalid_json', async () => {
    const res = await api('PATCH', '/me', { token, rawBody: '{"firstName": "A",' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_json', message: expect.any(String) } });
    await expectUnchanged();
  });

  it('a body failing the schema gives 400 with details', async () => {
    const res = await api('PATCH', '/me', { token, body: { firstName: 42 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.length).toBeGreaterThan(0);
    await expectUnchanged();
  });

  it.each([['usertype', 'admin'], ['approved', false], ['walletBalance', 1000]])('a client-supplied %s is refused', async (field, value) => {
    const res = await api('PATCH', '/me', { token, body: { firstName: 'Rob', lastName: 'Rider', [field]: value } });
    expect(res.status).toBe(400);
    await expectUnchanged();
  });

  it('an empty body on a route that needs one gives 400', async () => {
    const res = await api('PATCH', '/me', { token });
    expect(res.status).toBe(400);
    await expectUnchanged();
  });

  it('a spec rule failure carries its §8 key', async () => {
    const res = await api('PATCH', '/me', { token, body: { firstName: '   ', lastName: 'Rider' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('proper_input_name');
    await expectUnchanged();
  });

  it('an unknown route gives 404 unknown_route', async () => {
    const res = await api('GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('unknown_route');
  });

  it('a missing token gives 401', async () => {
    const res = await api('GET', '/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('not_logged_in');
  });

  it('a garbage token gives 401', async () => {
    const res = await api('GET', '/me', { authorization: 'Bearer not-a-jwt' });
    expect(res.status).toBe(401);
  });

  it('a tampered token (claims changed, signature kept) gives 401', async () => {
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${b64url({ ...claims, 'cognito:groups': ['admin'] })}.${s}`;
    const res = await api('GET', '/me', { authorization: `Bearer ${forged}` });
    expect(res.status).toBe(401);
  });

  it('an alg=none token gives 401', async () => {
    const [, p] = token.split('.') as [string, string];
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const res = await api('GET', '/me', { authorization: `Bearer ${none}` });
    expect(res.status).toBe(401);
  });
});
