import { describe, expect, it } from 'vitest';
import type { ProfileItem } from '../../../lambdas/src/ports/users';
import { provisionSocialUser, socialProviderOf } from '../../../lambdas/src/use-cases/provision-social-user';

function fakeStore() {
  const profiles = new Map<string, ProfileItem>();
  return {
    profiles,
    store: {
      get: async (uid: string) => profiles.get(uid),
      createWithClaims: async (p: ProfileItem) => { profiles.set(p.id, p); },
    } as never,
  };
}

describe('§4 Sign-in: first Facebook or Apple sign-in', () => {
  it.each([
    ['Facebook_1234', 'facebook'], ['SignInWithApple_abc', 'apple'], ['facebook_9', 'facebook'], ['someone@example.com', undefined], ['Google_1', undefined],
  ])('recognises %s as %s', (name, provider) => {
    expect(socialProviderOf(name)).toBe(provider);
  });

  it('makes an approved rider with wallet 0 and the rider group, once', async () => {
    const { store, profiles } = fakeStore();
    const groups: string[] = [];
    const deps = { users: store, addToRiderGroup: async (_p: string, userName: string) => { groups.push(userName); }, now: () => new Date('2026-01-01T00:00:00Z'), random: () => 0.5 };
    const input = { userPoolId: 'pool', userName: 'Facebook_42', attributes: { sub: 'u-42', email: 'Fay@Example.com', given_name: 'Fay', family_name: 'Book' } };
    const p = await provisionSocialUser(deps, input);
    expect(p).toMatchObject({ usertype: 'rider', approved: true, walletBalance: 0, loginType: 'facebook', email: 'fay@example.com', referralId: expect.stringMatching(/^fay\d{4}$/) });
    await provisionSocialUser(deps, input);
    expect(groups).toEqual(['Facebook_42']);
    expect(profiles.size).toBe(1);
  });

  it('gives Apple users a rider + 4 digits referral id', async () => {
    const { store } = fakeStore();
    const p = await provisionSocialUser(
      { users: store, addToRiderGroup: async () => undefined, now: () => new Date(), random: () => 0 },
      { userPoolId: 'pool', userName: 'SignInWithApple_x', attributes: { sub: 'u-a', email: 'a@privaterelay.appleid.com' } },
    );
    expect(p?.referralId).toMatch(/^rider\d{4}$/);
  });

  it('leaves password sign-ups alone', async () => {
    const { store, profiles } = fakeStore();
    const out = await provisionSocialUser(
      { users: store, addToRiderGroup: async () => { throw new Error('no'); }, now: () => new Date() },
      { userPoolId: 'pool', userName: 'user@example.com', attributes: { sub: 'u-1' } },
    );
    expect(out).toBeUndefined();
    expect(profiles.size).toBe(0);
  });
});
