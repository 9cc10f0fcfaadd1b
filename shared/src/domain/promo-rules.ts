import { percentOf, toMinor } from './money';

/** A promo as the rules read it: decimals as the admin entered them (spec §3 Promo). */
export interface PromoTerms {
  promo_discount_type: 'flat' | 'percentage';
  /** Flat: money; percentage: percent of the order. */
  promo_discount_value: number;
  /** Money; 0 means no cap. */
  max_promo_discount_value: number;
  min_order: number;
  /** Last day it can be used, YYYY-MM-DD. */
  promo_validity: string;
  promo_usage_limit: number;
  user_avail: number;
}

export type PromoRefusal = 'promo_out_of_date' | 'promo_min_order' | 'promo_exhausted';

/**
 * The discount a promo gives an order (minor units), or why it gives none. The server computes
 * it; a client never sends a discount. The discount never exceeds the order, so a rider never
 * pays less than nothing. `today` is the operator's calendar date (its time zone) the promo is used on.
 */
export function promoDiscount(p: PromoTerms, orderMinor: number, today: string): { ok: true; discount: number } | { ok: false; key: PromoRefusal } {
  if (today > p.promo_validity) return { ok: false, key: 'promo_out_of_date' };
  if (orderMinor < toMinor(p.min_order)) return { ok: false, key: 'promo_min_order' };
  if (p.user_avail >= p.promo_usage_limit) return { ok: false, key: 'promo_exhausted' };
  let discount = p.promo_discount_type === 'flat' ? toMinor(p.promo_discount_value) : percentOf(orderMinor, p.promo_discount_value);
  const cap = toMinor(p.max_promo_discount_value);
  if (cap > 0) discount = Math.min(discount, cap);
  return { ok: true, discount: Math.max(0, Math.min(discount, orderMinor)) };
}
