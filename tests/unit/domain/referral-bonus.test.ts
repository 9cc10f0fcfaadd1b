import { describe, expect, it } from 'vitest';
import { referralBonusMovements } from '../../../shared/src/domain/referral-bonus';
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
