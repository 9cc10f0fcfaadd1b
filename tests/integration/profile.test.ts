import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';

describe('own profile (spec §4 Profile, §5 profile save)', () => {
  let token: string;
  beforeAll(async () => {
    token = await idToken(DEMO.driver2);
  });

  it('saves first and last name and returns the profile', async () => {
    const res = await api('PATCH', '/me', { token, body: { firstName: 'Dorothy', lastName: 'Driver' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Dorothy', lastName: 'Driver', email: DEMO.driver2, usertype: 'driver' });
    const again = await api('GET', '/me', { token });
    expect(again.body.firstName).toBe('Dorothy');
  });

  it('locks email and mobile for email sign-in users', async () => {
    const res = await api('PATCH', '/me', { token, body: { firstName: 'Dora', lastName: 'Driver', email: 'someone-else@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('update_failed');
    expect((await api('GET', '/me', { token })).body.email).toBe(DEMO.driver2);
  });

  it('refuses an improper email with proper_email', async () => {
    const res = await api('PATCH', '/me', { token, body: { firstName: 'Dora', lastName: 'Driver', email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('proper_email');
  });

  it('simultaneous saves leave one of the submitted versions, never a mix', async () => {
    const names = Array.from({ length: 8 }, (_, i) => ({ firstName: `Name${i}`, lastName: `Last${i}` }));
    const results = await Promise.all(names.map((body) => api('PATCH', '/me', { token, body })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const final = (await api('GET', '/me', { token })).body;
    const i = Number(String(final.firstName).replace('Name', ''));
    expect(final.lastName).toBe(`Last${i}`);
  });
});
