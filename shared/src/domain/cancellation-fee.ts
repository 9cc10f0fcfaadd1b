/** A car type's cancellation slab row as stored: from `minsDelayed` minutes after acceptance, `amount` minor units. */
export interface CancelSlab {
  minsDelayed: number;
  amount: number;
}

/**
 * What a rider pays for cancelling `minutesSinceAccept` minutes after a driver accepted: the
 * amount of the slab with the largest `minsDelayed` already reached; nothing before the first
 * slab or when the car type has none. Rows may come in any order.
 */
export function cancellationFee(slabs: readonly CancelSlab[] | undefined, minutesSinceAccept: number): number {
  let best: CancelSlab | undefined;
  for (const slab of slabs ?? []) {
    if (slab.minsDelayed <= minutesSinceAccept && (!best || slab.minsDelayed > best.minsDelayed)) best = slab;
  }
  return Math.max(0, best?.amount ?? 0);
}

/** Whole minutes between acceptance and the cancel (spec §9: minutes = (date − now) / 60000). */
export function minutesBetween(fromMs: number, toMs: number): number {
  return Math.max(0, Math.floor((toMs - fromMs) / 60_000));
}
