import type { WalletMovement } from './wallet-ledger';

/**
 * Tips: after the trip the rider may add one tip, from the wallet or by card. All of it goes to
 * the driver through the ledger; it is never part of the fare, the fee, the driver's share or what
 * the platform earns. Amounts are minor units, as everywhere inside.
 */

/** How a tip is paid. */
export const TIP_METHODS = ['wallet', 'card'] as const;
export type TipMethod = (typeof TIP_METHODS)[number];

/**
 * A tip may always be at least this much (minor units), however cheap the trip was: a short
 * ride's rider may still want to round up generously.
 */
export const TIP_FIXED_CAP = 50_00;
/** ...and up to this many times the trip's price on dearer trips. */
export const TIP_FARE_MULTIPLE = 2;
/** The largest tip any trip takes: the contract refuses more before anything is read. */
export const TIP_ABSOLUTE_MAX = 2_000_00;
/**
 * How long after the trip a tip may still be added. A rider often tips on the receipt the next
 * day; months later it is more likely a mistaken tap on an old booking.
 */
export const TIP_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Statuses a tip may be added in: the trip is over and paid (spec §4 PAID, then COMPLETE once rated). */
export const TIPPABLE_STATUSES: readonly string[] = ['PAID', 'COMPLETE'];

/** The booking fields the tip rules read (a stored booking is one). */
export interface TippableBooking {
  id: string;
  status: string;
  customer: string;
  driver?: string;
  trip_cost: number;
  trip_end_time?: number;
  tripdate: number;
  tip?: number;
}

/** The largest tip a trip of this price takes: the larger of the fixed cap and a multiple of the price, never above the absolute maximum. */
export function maxTip(tripCost: number): number {
  return Math.min(TIP_ABSOLUTE_MAX, Math.max(TIP_FIXED_CAP, Math.round(Math.max(0, tripCost) * TIP_FARE_MULTIPLE)));
}

export type TipRefusal =
  /** Not this rider's booking (answered as not found: a stranger learns nothing). */
  | 'not_yours'
  /** The trip is not over and paid yet, was cancelled, or had no driver to tip. */
  | 'tip_not_ready'
  | 'tip_window_closed'
  /**
   * One tip per booking: the receipt shows one tip line, the driver is told once, and the tip's
   * ledger references derive from the booking, so a second tip can never be mistaken for a
   * replay of the first (or a replay for a second tip).
   */
  | 'tip_already_added'
  | 'tip_amount_invalid'
  | 'tip_too_large';

/**
 * Why this rider may not tip this booking this amount now, or undefined when they may. Checked in
 * this order, so a stranger hears only "not yours" and an unfinished trip is refused before its
 * amount is judged.
 */
export function tipRefusal(b: TippableBooking, riderUid: string, amount: number, now: number): TipRefusal | undefined {
  if (b.customer !== riderUid) return 'not_yours';
  if (!TIPPABLE_STATUSES.includes(b.status) || !b.driver) return 'tip_not_ready';
  if (b.tip !== undefined && b.tip > 0) return 'tip_already_added';
  if (now - (b.trip_end_time ?? b.tripdate) > TIP_WINDOW_MS) return 'tip_window_closed';
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'tip_amount_invalid';
  if (amount > maxTip(b.trip_cost)) return 'tip_too_large';
  return undefined;
}

/** The ledger reference of a booking's tip: one per booking, so the same tip can never move twice. */
export const tipTxRef = (bookingId: string) => `booking:${bookingId}:tip`;

/**
 * A tip's wallet movements: the whole amount credited to the driver, and, for a wallet tip, the
 * same amount debited from the rider. A card tip's money arrived through the provider, so only
 * the driver's credit moves.
 */
export function tipMovements(b: { id: string; customer: string; driver: string }, amount: number, method: TipMethod): WalletMovement[] {
  const txRef = tipTxRef(b.id);
  return [
    ...(method === 'wallet' ? [{ uid: b.customer, type: 'Debit' as const, amount, reason: 'Tip' as const, txRef, bookingId: b.id }] : []),
    { uid: b.driver, type: 'Credit', amount, reason: 'Tip', txRef, bookingId: b.id },
  ];
}

/**
 * Amounts the tip dialog offers: about 10, 15 and 20 % of the trip's price rounded up to whole
 * units of money, at least 1, 2 and 3, distinct and within the trip's maximum.
 */
export function tipPresets(tripCost: number): number[] {
  const max = maxTip(tripCost);
  const out: number[] = [];
  for (const [percent, floor] of [[10, 1_00], [15, 2_00], [20, 3_00]] as const) {
    let v = Math.max(floor, Math.ceil((Math.max(0, tripCost) * percent) / 100 / 100) * 100);
    while (out.includes(v)) v += 1_00;
    if (v <= max) out.push(v);
  }
  return out;
}
