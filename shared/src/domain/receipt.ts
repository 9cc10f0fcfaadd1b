import type { DeliveryProof } from './delivery-proof';
import { zoneFeesTotal, type FareParts } from './fare';

/** Statuses a booking has a receipt in: the money has moved (PAID) or the trip is closed (COMPLETE). */
export const RECEIPT_STATUSES: readonly string[] = ['PAID', 'COMPLETE'];

export function hasReceipt(status: string): boolean {
  return RECEIPT_STATUSES.includes(status);
}

/**
 * What a receipt line is. `fare` stands for the whole fare of a booking priced before its parts
 * were kept; `minimum` is what a minimum fare added. A tip is its own line, outside the fare: it
 * goes to the driver whole and never changes the fee. A zone fee (domain/service-areas) is its
 * own line too, after the fare's parts, with the zone's label as its detail. `return` is the fare
 * of a failed delivery's way back to the sender (domain/delivery-proof), its reason as the detail;
 * its fee is in the fee line with the outbound one.
 */
export const RECEIPT_LINE_KINDS = ['base', 'distance', 'time', 'parcel', 'option', 'minimum', 'fare', 'zone', 'return', 'fee', 'discount', 'tip'] as const;
export type ReceiptLineKind = (typeof RECEIPT_LINE_KINDS)[number];

/** One line, minor units; a discount is negative. `detail` is the parcel type's or option's own name. */
export interface ReceiptLine { kind: ReceiptLineKind; amount: number; detail?: string }

export type ReceiptPaymentMode = 'cash' | 'wallet' | 'card';

/** The booking fields a receipt reads (a stored booking is one); money in minor units. */
export interface ReceiptBooking {
  id: string;
  status: string;
  carType: string;
  tripdate: number;
  trip_end_time?: number;
  pickupAddress: string;
  dropAddress: string;
  distance?: number;
  estimateDistance: number;
  distanceUnit: 'km' | 'mile';
  total_trip_time?: number;
  estimateTime: number;
  trip_cost: number;
  convenience_fees: number;
  fare_parts?: FareParts;
  parcelTypeSelected?: { description: string; amount: number };
  optionSelected?: { description: string; amount: number };
  /** Zone fees fixed at booking: in trip_cost, outside the fare's parts. */
  zone_fees?: { label: string; amount: number }[];
  /** A failed delivery's return leg is in trip_cost and convenience_fees, outside the fare's parts. */
  deliveryProof?: DeliveryProof;
  discount?: number;
  promo_details?: { promo_name: string };
  payment_mode?: ReceiptPaymentMode;
  gateway?: string;
  customer_paid?: number;
  cashPaymentAmount?: number;
  cardPaymentAmount?: number;
  usedWalletMoney?: number;
  /** The rider's tip (domain/tips), added after the trip; the receipt shows its line and how it was paid. */
  tip?: number;
  tip_mode?: 'wallet' | 'card';
  tip_gateway?: string;
  customer_name: string;
  driver_name?: string;
  vehicle_number?: string;
}

/** The settings a receipt reads: who issues it and in what money. */
export interface ReceiptIssuer {
  appName: string;
  CompanyName: string;
  CompanyWebsite: string;
  contact_email: string;
  CompanyAddress?: string;
  symbol: string;
  code: string;
  appMode?: string;
}

export interface Receipt {
  bookingId: string;
  status: string;
  mode: 'taxi' | 'delivery';
  tripDate: number;
  completedAt?: number;
  rider: string;
  driver?: string;
  vehicleNumber?: string;
  carType: string;
  pickupAddress: string;
  dropAddress: string;
  distance: number;
  distanceUnit: 'km' | 'mile';
  durationSeconds: number;
  /**
   * The distance and duration are the booking's estimate, the one the fare was priced on: a
   * delivery keeps its booking-time price, so the time it took is not what it was charged for.
   */
  estimated: boolean;
  lines: ReceiptLine[];
  /** The trip's price: fare + fee (the booking's trip_cost). */
  subtotal: number;
  discount: number;
  tip?: number;
  /** What the rider paid: subtotal − discount (+ tip). */
  total: number;
  /** How the trip was paid; a tip is paid on its own, after the trip (`tipMode`, `tipGateway`). */
  payment: { mode?: ReceiptPaymentMode; gateway?: string; cash: number; wallet: number; card: number; tipMode?: 'wallet' | 'card'; tipGateway?: string };
  promoName?: string;
  company: { name: string; appName: string; website: string; email: string; address?: string };
  currency: { symbol: string; code: string };
}

const PART_KINDS = ['base', 'distance', 'time', 'parcel', 'option', 'minimum'] as const;

/**
 * A booking's receipt: the fare as it was last priced (its parts, else the fare as one line),
 * the fee, the promo discount, the tip where the booking has one, how it was paid, and who
 * issues it. Lines add up to the total; zero parts are left out, except that a fare always shows.
 */
export function buildReceipt(b: ReceiptBooking, issuer: ReceiptIssuer): Receipt {
  const failed = b.deliveryProof?.outcome === 'failed' ? b.deliveryProof : undefined;
  const returnFare = failed ? failed.returnLeg.trip_cost - failed.returnLeg.convenience_fees : 0;
  const fare = b.trip_cost - b.convenience_fees - zoneFeesTotal(b.zone_fees) - returnFare;
  const lines: ReceiptLine[] = [];
  if (b.fare_parts) {
    for (const kind of PART_KINDS) {
      const amount = b.fare_parts[kind];
      if (amount <= 0) continue;
      const detail = kind === 'parcel' ? b.parcelTypeSelected?.description : kind === 'option' ? b.optionSelected?.description : undefined;
      lines.push({ kind, amount, ...(detail ? { detail } : {}) });
    }
    const listed = lines.reduce((s, l) => s + l.amount, 0);
    // Parts kept from an earlier pricing than the fare (never expected): the fare stays the truth.
    if (listed !== fare) lines.splice(0, lines.length, { kind: 'fare', amount: fare });
  } else {
    const parcel = b.parcelTypeSelected?.amount ?? 0;
    const option = b.optionSelected?.amount ?? 0;
    lines.push({ kind: 'fare', amount: fare - parcel - option });
    if (parcel > 0) lines.push({ kind: 'parcel', amount: parcel, detail: b.parcelTypeSelected!.description });
    if (option > 0) lines.push({ kind: 'option', amount: option, detail: b.optionSelected!.description });
  }
  if (lines.length === 0) lines.push({ kind: 'fare', amount: fare });
  for (const z of b.zone_fees ?? []) lines.push({ kind: 'zone', amount: z.amount, detail: z.label });
  if (failed && returnFare > 0) lines.push({ kind: 'return', amount: returnFare, detail: failed.reason });
  if (b.convenience_fees > 0) lines.push({ kind: 'fee', amount: b.convenience_fees });
  const discount = Math.min(Math.max(0, b.discount ?? 0), b.trip_cost);
  if (discount > 0) lines.push({ kind: 'discount', amount: -discount, ...(b.promo_details?.promo_name ? { detail: b.promo_details.promo_name } : {}) });
  const tip = b.tip !== undefined && b.tip > 0 ? b.tip : undefined;
  if (tip !== undefined) lines.push({ kind: 'tip', amount: tip });
  const paid = b.trip_cost - discount;
  // A taxi trip is priced again on its driven route and time at the drop; a delivery is not.
  const estimated = issuer.appMode === 'delivery';
  return {
    bookingId: b.id,
    status: b.status,
    mode: issuer.appMode === 'delivery' ? 'delivery' : 'taxi',
    tripDate: b.tripdate,
    ...(b.trip_end_time ? { completedAt: b.trip_end_time } : {}),
    rider: b.customer_name,
    ...(b.driver_name ? { driver: b.driver_name } : {}),
    ...(b.vehicle_number ? { vehicleNumber: b.vehicle_number } : {}),
    carType: b.carType,
    pickupAddress: b.pickupAddress,
    dropAddress: b.dropAddress,
    distance: estimated ? b.estimateDistance : b.distance ?? b.estimateDistance,
    distanceUnit: b.distanceUnit,
    durationSeconds: estimated ? b.estimateTime : b.total_trip_time ?? b.estimateTime,
    estimated,
    lines,
    subtotal: b.trip_cost,
    discount,
    ...(tip !== undefined ? { tip } : {}),
    total: paid + (tip ?? 0),
    payment: {
      ...(b.payment_mode ? { mode: b.payment_mode } : {}),
      ...(b.payment_mode === 'card' && b.gateway ? { gateway: b.gateway } : {}),
      cash: b.cashPaymentAmount ?? 0,
      wallet: b.usedWalletMoney ?? 0,
      card: b.cardPaymentAmount ?? 0,
      ...(tip !== undefined && b.tip_mode ? { tipMode: b.tip_mode } : {}),
      ...(tip !== undefined && b.tip_mode === 'card' && b.tip_gateway ? { tipGateway: b.tip_gateway } : {}),
    },
    ...(discount > 0 && b.promo_details?.promo_name ? { promoName: b.promo_details.promo_name } : {}),
    company: {
      name: issuer.CompanyName, appName: issuer.appName, website: issuer.CompanyWebsite, email: issuer.contact_email,
      ...(issuer.CompanyAddress?.trim() ? { address: issuer.CompanyAddress.trim() } : {}),
    },
    currency: { symbol: issuer.symbol, code: issuer.code },
  };
}
