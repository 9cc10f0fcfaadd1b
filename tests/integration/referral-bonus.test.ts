import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, idToken } from './support/endpoints';
import { readSettings, saveSettings } from './support/settings-helpers';
import { newRider, sumOfEntries, wallet, type TestRider } from './support/trips';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const phone = () => `7${String(Date.now()).slice(-7)}${String(seq++).padStart(2, '0').slice(-2)}`;
const signupBody = (over: Record<string, unknown> = {}) => {
  const n = unique();
  return { firstName: 'Rita', lastName: 'Referred', email: `rita-${n}@example.com`, password: 'Secret123', dialCode: '+44', phone: phone(), ...over };
};

/** Spec settings `bonus` (referral bonus): a referral sign-up credits the new user and the referrer once. */
describe('referral bonus', () => {
  let bonusBefore: unknown;
  beforeAll(async () => { bonusBefore = (await readSettings()).settings.bonus; });
  afterAll(async () => {
    const back = await saveSettings({ bonus: bonusBefore });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  const setBonus = async (bonus: number) => {
    const res = await saveSettings({ bonus });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const referrerOf = async (): Promise<TestRider & { referralId: string }> => {
    const r = await newRider();
    const me = await api('GET', '/me', { token: r.token });
    return { ...r, referralId: me.body.referralId };
  };
  const signUp = async (referralId: string) => {
    const body = signupBody({ referralId });
    const res = await api('POST', '/auth/signup', { body });
    return { res, token: res.status === 201 ? await idToken(body.email, body.password) : '' };
  };

  it('credits both the new user and the referrer exactly the bonus, with ReferralBonus entries, and tells both', async () => {
    await setBonus(2.5);
    const referrer = await referrerOf();
    const { res, token } = await signUp(referrer.referralId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const uid = res.body.uid as string;

    const mine = await wallet(token);
    expect(mine.balance).toBe(2.5);
    expect(mine.items).toEqual([expect.objectContaining({ type: 'Credit', amount: 2.5, reason: 'ReferralBonus', txRef: `referral:${uid}:new` })]);
    const theirs = await wallet(referrer.token);
    expect(theirs.balance).toBe(2.5);
    expect(theirs.items).toEqual([expect.objectContaining({ type: 'Credit', amount: 2.5, reason: 'ReferralBonus', txRef: `referral:${uid}:referrer` })]);
    expect(mine.balance).toBe(sumOfEntries(mine.items));
    expect(theirs.balance).toBe(sumOfEntries(theirs.items));

    const me = await api('GET', '/me', { token });
    expect(me.body).toMatchObject({ walletBalance: 2.5, signupViaReferral: referrer.id });
    const toldNew = await api('GET', '/me/messages', { token });
    expect(toldNew.body.items.map((m: { kind: string }) => m.kind)).toContain('referral_bonus_new');
    const toldReferrer = await api('GET', '/me/messages', { token: referrer.token });
    expect(toldReferrer.body.items.map((m: { kind: string }) => m.kind)).toContain('referral_bonus_referrer');

    // A second referral pays the referrer again (a new user, a new txRef), never the first user twice.
    const second = await signUp(referrer.referralId);
    expect(second.res.status).toBe(201);
    expect((await wallet(referrer.token)).balance).toBe(5);
    expect((await wallet(token)).balance).toBe(2.5);
  });

  it('moves nothing while the bonus is 0', async () => {
    await setBonus(0);
    const referrer = await referrerOf();
    const { res, token } = await signUp(referrer.referralId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await wallet(token)).toEqual({ balance: 0, items: [] });
    expect(await wallet(referrer.token)).toEqual({ balance: 0, items: [] });
  });

  it('still refuses an unknown referral id with referer_not_found, creating nobody', async () => {
    await setBonus(2.5);
    const body = signupBody({ referralId: 'nobody0000' });
    const res = await api('POST', '/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('referer_not_found');
    const exists = await api('POST', '/auth/check-user-exists', { body: { email: body.email } });
    expect(exists.body).toEqual({ exists: false });
  });

  it('pays nothing for a sign-up without a referral id', async () => {
    await setBonus(2.5);
    const body = signupBody();
    const res = await api('POST', '/auth/signup', { body });
    expect(res.status).toBe(201);
    expect(await wallet(await idToken(body.email, body.password))).toEqual({ balance: 0, items: [] });
  });
});
