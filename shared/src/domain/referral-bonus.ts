import type { WalletMovement } from './wallet-ledger';

/**
 * Spec settings `bonus` (referral bonus), paid when it is EARNED, never at sign-up: a sign-up with
 * a valid referral id only records the referrer (`signupViaReferral`). When the referred user's
 * first trip becomes PAID (as its rider or as its driver), the new user and the referrer are each
 * credited the bonus then in force, in the PAID step's own transaction. Throw-away accounts that
 * never take a paid trip therefore mint nothing, and no unearned bonus is ever in a wallet, so none
 * can be withdrawn. The txRefs derive from the referred user's uid, so the bonus can never pay twice.
 */
export function referralBonusMovements(newUid: string, referrerUid: string, amountMinor: number, opts: { referrerExists?: boolean } = {}): WalletMovement[] {
  if (!(amountMinor > 0) || !referrerUid || referrerUid === newUid) return [];
  return [
    { uid: newUid, type: 'Credit', amount: amountMinor, reason: 'ReferralBonus', txRef: `referral:${newUid}:new` },
    // A referrer whose account is gone is not paid; the new user still earned theirs.
    ...(opts.referrerExists === false ? [] : [{ uid: referrerUid, type: 'Credit' as const, amount: amountMinor, reason: 'ReferralBonus' as const, txRef: `referral:${newUid}:referrer` }]),
  ];
}

/** The referrer whose bonus a user's next paid trip earns: none once it was paid, or without a referral. */
export function referralBonusDue(user: { id: string; signupViaReferral?: string; referralBonusPaidAt?: number }): string | undefined {
  if (!user.signupViaReferral || user.signupViaReferral === user.id || user.referralBonusPaidAt !== undefined) return undefined;
  return user.signupViaReferral;
}
