import { describe, expect, it } from 'vitest';
import { referralBonusDue, referralBonusMovements } from '../../../shared/src/domain/referral-bonus';
import { foldByWallet } from '../../../shared/src/domain/wallet-ledger';

describe('referral bonus movements (settings bonus)', () => {
  it('credits the new user and the referrer the bonus, with txRefs from the new user\'s uid', () => {
    const m = referralBonusMovements('new1', 'ref1', 250);
    expect(m).toEqual([
      { uid: 'new1', type: 'Credit', amount: 250, reason: 'ReferralBonus', txRef: 'referral:new1:new' },
      { uid: 'ref1', type: 'Credit', amount: 250, reason: 'ReferralBonus', txRef: 'referral:new1:referrer' },
    ]);
    // Credits need no cover.
    expect([...foldByWallet(m).values()]).toEqual([{ delta: 250, need: 0 }, { delta: 250, need: 0 }]);
  });

  it('moves nothing for a zero bonus, without a referrer, or for a self-referral', () => {
    expect(referralBonusMovements('new1', 'ref1', 0)).toEqual([]);
    expect(referralBonusMovements('new1', '', 250)).toEqual([]);
    expect(referralBonusMovements('new1', 'new1', 250)).toEqual([]);
  });
});

describe('when a referral bonus is due (earned by the referred user\'s first paid trip)', () => {
  it('names the referrer until the bonus was paid, never for a self-referral or without a referral', () => {
    expect(referralBonusDue({ id: 'u1', signupViaReferral: 'r1' })).toBe('r1');
    expect(referralBonusDue({ id: 'u1', signupViaReferral: 'r1', referralBonusPaidAt: 1 })).toBeUndefined();
    expect(referralBonusDue({ id: 'u1' })).toBeUndefined();
    expect(referralBonusDue({ id: 'u1', signupViaReferral: 'u1' })).toBeUndefined();
  });

  it('still pays the new user when the referrer\'s account is gone', () => {
    expect(referralBonusMovements('new1', 'ref1', 250, { referrerExists: false })).toEqual([
      { uid: 'new1', type: 'Credit', amount: 250, reason: 'ReferralBonus', txRef: 'referral:new1:new' },
    ]);
  });
});
