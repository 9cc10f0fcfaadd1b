import type { WalletMovement } from './wallet-ledger';

/**
 * Spec settings `bonus` (referral bonus): when a new user signs up with a valid referral id while
 * the bonus is above 0, both the new user and the referrer are credited the bonus, once. The
 * txRefs derive from the new user's uid, so the same sign-up can never pay twice.
 */
export function referralBonusMovements(newUid: string, referrerUid: string, amountMinor: number): WalletMovement[] {
  if (!(amountMinor > 0) || !referrerUid || referrerUid === newUid) return [];
  return [
    { uid: newUid, type: 'Credit', amount: amountMinor, reason: 'ReferralBonus', txRef: `referral:${newUid}:new` },
    { uid: referrerUid, type: 'Credit', amount: amountMinor, reason: 'ReferralBonus', txRef: `referral:${newUid}:referrer` },
  ];
}
