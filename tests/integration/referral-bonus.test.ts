import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, idToken } from './support/endpoints';
import { readSettings, saveSettings } from './support/settings-helpers';
import { newDriver } from './support/drivers';
import { acceptedTrip, driveToDrop, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const phone = () => `7${String(Date.now()).slice(-7)}${String(seq++).padStart(2, '0').slice(-2)}`;
const signupBody = (over: Record<string, unknown> = {}) => {
  const n = unique();
  return { firstName: 'Rita', lastName: 'Referred', email: `rita-${n}@example.com`, password: 'Secret123', dialCode: '+44', phone: phone(), ...over };
};

/**
 * Spec settings `bonus` (referral bonus), earned not given: a referral sign-up credits nobody; the
 * referred user's first PAID trip credits the new user and the referrer once.
 */
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

  /** A trip of `rider` taken by a fresh driver to the drop and settled in cash: PAID. */
  const paidTripOf = async (rider: TestRider) => {
    const { driver, booking } = await acceptedTrip(rider);
    await driveToDrop(driver, booking);
    const settled = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.status).toBe('PAID');
    return booking.id as string;
  };
  const referralEntries = async (token: string) => (await wallet(token)).items.filter((e) => e.reason === 'ReferralBonus');

  it('credits nothing for sign-ups alone: five throw-away riders leave a new driver at 0, and a withdrawal of the bonus is refused', async () => {
    await setBonus(10);
    const driver = await newDriver();
    const { referralId } = (await api('GET', '/me', { token: driver.token })).body;
    for (let i = 0; i < 5; i++) {
      const { res, token } = await signUp(referralId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await wallet(token)).toEqual({ balance: 0, items: [] });
    }
    expect(await wallet(driver.token)).toEqual({ balance: 0, items: [] });
    const withdraw = await api('POST', '/withdraws', {
      token: driver.token, body: { amount: '50.00', bankName: 'Bank', bankCode: 'B1', bankAccount: '123456' },
    });
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(409);
    expect(withdraw.body.error.code).toBe('withdraw_exceeds_balance');
    expect(await wallet(driver.token)).toEqual({ balance: 0, items: [] });
  });

  it('pays the bonus when the referred rider\'s first trip is PAID: both credited once, in that step, and told; a second trip pays nothing', async () => {
    await setBonus(2.5);
    const referrer = await referrerOf();
    const { res, token } = await signUp(referrer.referralId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const uid = res.body.uid as string;
    const referred: TestRider = { id: uid, email: '', mobile: '', token };
    expect(await referralEntries(token)).toEqual([]);
    expect(await referralEntries(referrer.token)).toEqual([]);

    const first = await paidTripOf(referred);
    const mine = await wallet(token);
    expect(mine.items).toEqual([expect.objectContaining({ type: 'Credit', amount: 2.5, reason: 'ReferralBonus', txRef: `referral:${uid}:new`, bookingId: first })]);
    expect(mine.balance).toBe(2.5);
    const theirs = await wallet(referrer.token);
    expect(theirs.items).toEqual([expect.objectContaining({ type: 'Credit', amount: 2.5, reason: 'ReferralBonus', txRef: `referral:${uid}:referrer`, bookingId: first })]);
    expect(theirs.balance).toBe(2.5);
    expect(mine.balance).toBe(sumOfEntries(mine.items));
    expect(theirs.balance).toBe(sumOfEntries(theirs.items));
    const toldNew = await api('GET', '/me/messages', { token });
    expect(toldNew.body.items.map((m: { kind: string }) => m.kind)).toContain('referral_bonus_new');
    const toldReferrer = await api('GET', '/me/messages', { token: referrer.token });
    expect(toldReferrer.body.items.map((m: { kind: string }) => m.kind)).toContain('referral_bonus_referrer');

    // The bonus is earned once: the next paid trip moves no referral money, even with a higher bonus.
    await setBonus(4);
    await paidTripOf(referred);
    expect(await referralEntries(token)).toHaveLength(1);
    expect(await referralEntries(referrer.token)).toHaveLength(1);
    expect((await wallet(referrer.token)).balance).toBe(2.5);
  });

  it('moves nothing while the bonus is 0, at sign-up or at the first paid trip', async () => {
    await setBonus(0);
    const referrer = await referrerOf();
    const { res, token } = await signUp(referrer.referralId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await wallet(token)).toEqual({ balance: 0, items: [] });
    await paidTripOf({ id: res.body.uid, email: '', mobile: '', token });
    expect(await referralEntries(token)).toEqual([]);
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
