/**
 * The wallet ledger (spec §3 Wallet history entry). Every movement is an entry of one of the
 * spec's three types; `reason` says why, so later kinds of money (top-ups, withdrawals, gateway
 * payments, promos, referral bonuses) add reasons, not types or code paths.
 */
export const WALLET_ENTRY_TYPES = ['Credit', 'Debit', 'Withdraw'] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

export const WALLET_REASONS = [
  /** The driver's share of a paid trip. */
  'TripShare',
  /** Cash the driver took at the drop: the platform's part of it is owed back. */
  'CashCollected',
  /** A rider paying a trip from their wallet. */
  'TripPayment',
  /** A rider's late-cancel fee, and the driver's compensation from it. */
  'CancellationFee',
  /** Spec §6: an admin's credit. */
  'AdminCredit',
  'TopUp',
  'Withdrawal',
  'ReferralBonus',
  'Refund',
  /** A rider's tip after the trip: debited from the rider (a wallet tip) and credited whole to the driver. */
  'Tip',
  /** A prepaid parcel that could not be delivered: its return to the sender, taken from the sender's wallet at settlement. */
  'ReturnLeg',
] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

/** One movement on one wallet. `amount` is positive minor units; the type gives the sign. */
export interface WalletMovement {
  uid: string;
  type: WalletEntryType;
  amount: number;
  reason: WalletReason;
  /**
   * Unique per wallet: the same txRef twice is the same movement (a replay changes nothing).
   * Made from what caused it, e.g. `booking:<id>:share`.
   */
  txRef: string;
  bookingId?: string;
}

/** What the movement does to the balance. */
export function signedAmount(m: Pick<WalletMovement, 'type' | 'amount'>): number {
  return m.type === 'Credit' ? m.amount : -m.amount;
}

/**
 * Debits and withdrawals may not take a balance below zero, with two exceptions where the service
 * was already given: cash a driver took at the drop (the money is already in the driver's pocket,
 * so the platform's part of it becomes a debt rather than a refused payment, spec §4 PAID), and a
 * prepaid parcel's return to its sender (the driver drove it back; the sender owes it).
 */
export function needsCover(m: Pick<WalletMovement, 'type' | 'reason'>): boolean {
  return m.type !== 'Credit' && m.reason !== 'CashCollected' && m.reason !== 'ReturnLeg';
}

/**
 * One transaction may touch a wallet only once, so movements are folded per wallet: the net
 * change, and the balance the wallet must hold beforehand (0 when nothing needs cover).
 */
export function foldByWallet(movements: readonly WalletMovement[]): Map<string, { delta: number; need: number }> {
  const out = new Map<string, { delta: number; covered: number; credits: number }>();
  for (const m of movements) {
    const w = out.get(m.uid) ?? { delta: 0, covered: 0, credits: 0 };
    w.delta += signedAmount(m);
    if (needsCover(m)) w.covered += m.amount;
    if (m.type === 'Credit') w.credits += m.amount;
    out.set(m.uid, w);
  }
  return new Map([...out].map(([uid, w]) => [uid, { delta: w.delta, need: Math.max(0, w.covered - w.credits) }]));
}

/** A movement's amount must be a positive whole number of minor units. */
export function isValidMovement(m: Pick<WalletMovement, 'amount' | 'txRef'>): boolean {
  return Number.isSafeInteger(m.amount) && m.amount > 0 && m.txRef.length > 0 && m.txRef.length <= 200;
}

/** The balance a history implies: what the ledger invariant compares with the stored balance. */
export function balanceOf(entries: ReadonlyArray<Pick<WalletMovement, 'type' | 'amount'>>): number {
  return entries.reduce((sum, e) => sum + signedAmount(e), 0);
}
