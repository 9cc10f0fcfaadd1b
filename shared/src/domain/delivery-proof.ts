import { randomInt, type RandomSource } from './random';

/**
 * Proof of delivery (delivery mode). With the operator's `delivery_code_secure` on, a parcel
 * booking carries a delivery code the recipient is texted; at the drop (REACHED) the driver either
 * types it, or, when nobody can give it, photographs the parcel where it was left and names who
 * took it. A delivery that cannot be made carries a reason and becomes a return to the sender.
 * Until one of these is recorded the trip cannot be settled, so no parcel is paid out unproven.
 */

/** Six digits, never a leading zero: read off an SMS and typed on a phone at the door. */
export const DELIVERY_CODE_MIN = 100000;
export const DELIVERY_CODE_MAX = 999999;

export function makeDeliveryCode(random: RandomSource = Math.random): string {
  return String(randomInt(DELIVERY_CODE_MIN, DELIVERY_CODE_MAX, random));
}

/** A parcel booking gets a code when the operator asks for codes and there is a recipient to text. */
export function deliveryCodeDue(settings: { appMode?: string; delivery_code_secure?: boolean }, deliveryPersonPhone: string | undefined): boolean {
  return settings.appMode === 'delivery' && settings.delivery_code_secure === true && !!deliveryPersonPhone?.trim();
}

export const DELIVERY_FAILURE_REASONS = ['recipient_absent', 'refused', 'address_wrong', 'damaged'] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

export const RECEIVED_BY_MAX = 60;

/** What the driver records at the drop. */
export type DeliveryProofInput = { method: 'code'; code: string } | { method: 'left_with'; receivedBy: string };

/** The return leg of a failed delivery: drop back to pickup, priced by the §9 rules (minor units). */
export interface ReturnLeg {
  distance: number;
  time: number;
  trip_cost: number;
  convenience_fees: number;
  driver_share: number;
}

export interface FailedDelivery { outcome: 'failed'; reason: DeliveryFailureReason; at: number; returnLeg: ReturnLeg; returnedAt?: number }

/** As stored on the booking. */
export type DeliveryProof =
  | { outcome: 'delivered'; method: 'code'; at: number }
  | { outcome: 'delivered'; method: 'left_with'; receivedBy: string; at: number }
  | FailedDelivery;

/** A booking as stored, or as its driver sees it (`deliveryCodeRequired` instead of the code). */
interface ProofSubject {
  status: string;
  deliveryPerson?: string;
  deliveryPersonPhone?: string;
  deliveryCode?: string;
  deliveryCodeRequired?: boolean;
  deliveryProof?: DeliveryProof | { outcome: string; returnedAt?: number };
  deliver_image?: string;
}

const hasCode = (b: ProofSubject) => b.deliveryCode !== undefined || b.deliveryCodeRequired === true;

/** A parcel booking: one with a recipient (delivery mode), whose drop the driver may prove. */
export const isParcel = (b: ProofSubject) => b.deliveryPerson !== undefined || b.deliveryPersonPhone !== undefined || hasCode(b);

/**
 * Why the driver cannot record this outcome now (a 409 key), or undefined. The same checks serve
 * the delivered and the failed outcomes: a parcel booking, at the drop, nothing recorded yet.
 */
export function proofRefusal(b: ProofSubject, input: DeliveryProofInput | { method: 'failed' }): string | undefined {
  if (!isParcel(b)) return 'delivery_not_a_parcel';
  if (b.deliveryProof) return 'delivery_already_recorded';
  if (b.status !== 'REACHED') return 'delivery_not_at_drop';
  if (input.method === 'code' && !hasCode(b)) return 'delivery_code_not_set';
  if (input.method === 'left_with' && !b.deliver_image) return 'delivery_photo_missing';
  return undefined;
}

/** Why the return to the sender cannot be marked done now (a 409 key), or undefined. */
export function returnRefusal(b: ProofSubject): string | undefined {
  if (b.deliveryProof?.outcome !== 'failed') return 'delivery_no_return';
  if (b.deliveryProof.returnedAt !== undefined) return 'delivery_already_returned';
  if (b.status !== 'REACHED') return 'delivery_not_at_drop';
  return undefined;
}

/**
 * Whether the parcel of a failed delivery is on its way back to the sender: the return leg is a
 * drive of its own, tracked (the driver's pings are its points) and followed to the pickup.
 */
export function returning(b: Pick<ProofSubject, 'deliveryProof' | 'status'>): boolean {
  return b.status === 'REACHED' && b.deliveryProof?.outcome === 'failed' && b.deliveryProof.returnedAt === undefined;
}

/**
 * Whether a booking still waits for its proof before it may be settled: one with a code needs a
 * delivery recorded, or its failed delivery's return completed. Bookings without a code (codes
 * off, taxi mode) settle as before.
 */
export function proofOutstanding(b: ProofSubject): boolean {
  const p = b.deliveryProof;
  if (p?.outcome === 'failed') return p.returnedAt === undefined;
  return hasCode(b) && p === undefined;
}

/** Constant in time for codes of equal length, so timing says nothing about a near miss. */
export function codeMatches(stored: string, typed: string): boolean {
  if (stored.length !== typed.length) return false;
  let diff = 0;
  for (let i = 0; i < stored.length; i++) diff |= stored.charCodeAt(i) ^ typed.charCodeAt(i);
  return diff === 0;
}

/** What a failed delivery's return adds to the sender's bill (minor units; 0 without one). */
export function returnLegCost(p: DeliveryProof | undefined): number {
  return p?.outcome === 'failed' ? p.returnLeg.trip_cost : 0;
}

/**
 * The booking's money with the return leg added as the trip's own lines are: the sender pays it
 * (trip_cost), the platform's convenience fee is its fee on it, the driver gets the rest, so
 * every settlement path (cash, Pay now, a prepaid drop), the ledger and the earnings follow
 * without a path of their own.
 */
export function withReturnLeg<T extends { trip_cost: number; convenience_fees: number; driver_share: number }>(b: T, leg: ReturnLeg): T {
  return { ...b, trip_cost: b.trip_cost + leg.trip_cost, convenience_fees: b.convenience_fees + leg.convenience_fees, driver_share: b.driver_share + leg.driver_share };
}
