import type { DeliveryProof } from '../../../shared/src/domain/delivery-proof';
import type { RoundStory } from '../../../shared/src/domain/dispatch-story';
import type { BookingPoint } from '../../../shared/src/contract/bookings';
import type { BookingStatus } from '../../../shared/src/domain/booking-status';
import type { LatLng } from '../../../shared/src/domain/distance';
import type { FareParts, ZoneFeeLine } from '../../../shared/src/domain/fare';
import type { WalletMovement } from '../../../shared/src/domain/wallet-ledger';
import type { OutgoingMessage } from './notifier';

/** Spec §3 Payment packet as stored (minor units). */
export interface PaymentPacket {
  appcat: string;
  payment_mode: 'card';
  customer_paid: number;
  cardPaymentAmount: number;
  discount_amount: number;
  usedWalletMoney: number;
  cashPaymentAmount: number;
  payableAmount: number;
  promo_applied: boolean;
  promo_details?: PromoDetails;
}

/** Spec §3 promo_details as stored: the promo and the discount it gave (minor units; a flat value too). */
export interface PromoDetails { id: string; promo_name: string; promo_discount_type: 'flat' | 'percentage'; promo_discount_value: number; discount: number }

/** A priced choice as stored: amount in minor units. */
export interface StoredPricedItem { description: string; amount: number }

/**
 * A booking as stored (spec §3 Booking). Money is integer minor units; the API edge converts.
 * `asked` records every driver ever offered the booking (with the round), so a driver is never
 * offered the same booking twice in one dispatch cycle; `requestedDrivers` holds those whose
 * offer is live (spec requestedDrivers).
 */
export interface BookingRecord {
  id: string;
  booking_id: string;
  carType: string;
  carTypeId: string;
  carImage?: string;
  customer: string;
  customer_name: string;
  customer_email: string;
  customer_contact: string;
  customer_image?: string;
  pickup: BookingPoint;
  drop: BookingPoint;
  pickupAddress: string;
  dropAddress: string;
  /** Stops between pickup and drop, in driving order (domain/stops). */
  stops?: BookingPoint[];
  /** How many stops the driver has reached: the next stop's index. */
  stopsReached?: number;
  /** When each reached stop was reached (ms), in order. */
  stopsReachedAt?: number[];
  estimate: number;
  estimateDistance: number;
  estimateTime: number;
  distanceUnit: 'km' | 'mile';
  status: BookingStatus;
  bookLater: boolean;
  tripdate: number;
  bookingDate: number;
  otp?: number;
  /** The trip's latest SOS alert (the trip is flagged). */
  sosAlert?: string;
  booking_type_admin: boolean;
  createdByAdmin: boolean;
  coords: LatLng[];
  polylinePoints: string;
  trip_cost: number;
  convenience_fees: number;
  driver_share: number;
  /** What `trip_cost − convenience_fees` is made of, as last priced (booking, then REACHED); the receipt's lines. */
  fare_parts?: FareParts;
  parcelTypeSelected?: StoredPricedItem;
  optionSelected?: StoredPricedItem;
  /** Zone fees fixed at booking (domain/service-areas), minor units; in trip_cost and driver_share. */
  zone_fees?: ZoneFeeLine[];
  deliveryPerson?: string;
  deliveryPersonPhone?: string;
  /** Proof of delivery (domain/delivery-proof): the recipient's code, never shown to the driver, and what the drop recorded. */
  deliveryCode?: string;
  deliveryProof?: DeliveryProof;
  pickUpInstructions?: string;
  deliveryInstructions?: string;
  requestedDrivers: Record<string, true>;
  asked: Record<string, number>;
  dispatchRound: number;
  dispatchRounds: number;
  /** When the current round's offers expire (ms): the next round never starts before. */
  roundEndsAt?: number;
  /** Book Later: when the system gives up (ms). */
  giveUpAt?: number;
  driver?: string;
  driver_name?: string;
  driver_image?: string;
  driver_contact?: string;
  vehicle_number?: string;
  fleetadmin?: string;
  reason?: string;
  cancelledBy?: 'rider' | 'admin' | 'system';
  cancelledAt?: number;
  /** Drivers who gave this booking up: dispatch never offers it to them again. */
  excludedDrivers?: Record<string, true>;
  /** The car type's cancellation slabs when booked (minor units). */
  cancelSlab?: { minsDelayed: number; amount: number }[];
  acceptTime?: number;
  driver_arrive_time?: number;
  trip_start_time?: number;
  trip_end_time?: number;
  /** Seconds between start and end. */
  total_trip_time?: number;
  /** Final distance in `distanceUnit` (taxi mode: from the tracked route). */
  distance?: number;
  prepaid?: boolean;
  payment_mode?: 'cash' | 'wallet' | 'card';
  /** The provider that took a card payment. */
  gateway?: string;
  /** Spec §3 promo_applied / promo_details: the promo whose discount `discount` is. */
  promo_applied?: boolean;
  promo_details?: PromoDetails;
  paymentPacket?: PaymentPacket;
  customer_paid?: number;
  discount?: number;
  cashPaymentAmount?: number;
  cardPaymentAmount?: number;
  usedWalletMoney?: number;
  cancellation_fee?: number;
  /** The rider's tip after the trip (minor units): once per booking, all the driver's. */
  tip?: number;
  tip_mode?: 'wallet' | 'card';
  /** The provider that took a card tip. */
  tip_gateway?: string;
  tip_at?: number;
  rating?: number;
  driverRating?: number;
  /** Object keys in the uploads bucket. */
  pickup_image?: string;
  deliver_image?: string;
  /** Bumped by every write: the condition that makes read-then-write safe. */
  version: number;
}

/** An offer item as stored: what the driver sees, with its expiry. */
export interface OfferRecord {
  bookingId: string;
  driver: string;
  offeredAt: number;
  /** ms; none for an admin assignment. */
  expiresAt?: number;
  round: number;
  carType: string;
  pickup: BookingPoint;
  drop: BookingPoint;
  estimate: number;
  driver_share: number;
  estimateDistance: number;
  distanceUnit: 'km' | 'mile';
  distanceToPickup?: number;
  tripdate: number;
  bookLater: boolean;
  assignedByAdmin: boolean;
}

export interface BookingListQuery {
  cursor?: string;
  limit?: number;
  statuses?: BookingStatus[];
  from?: number;
  to?: number;
}

export type BookingAudience =
  | { kind: 'customer'; uid: string }
  | { kind: 'driver'; uid: string }
  | { kind: 'fleet'; uid: string }
  | { kind: 'all' };

/** What a new round changes: the offers it makes and the ones that lapsed since the last. */
export interface OfferRound {
  round: number;
  /** When these offers expire (ms). */
  endsAt: number;
  offers: OfferRecord[];
  /** Drivers whose offers expired unanswered: they leave requestedDrivers, and their offer items go. */
  lapsed: string[];
  messages: OutgoingMessage[];
  /** Why each driver near the pickup was or was not offered: written with the offers, settled to the drivers the write kept. */
  story?: RoundStory;
}

export interface BookingStore {
  get(id: string, opts?: { consistent?: boolean }): Promise<BookingRecord | undefined>;
  /**
   * Creates the booking with its first offers, its messages and (when given) the idempotency
   * record, in one transaction. Offered drivers are checked (approved, online, free) in the same
   * transaction; a driver who fails the check is dropped and the write retried.
   * 409 `idempotency_conflict` when the key was used meanwhile.
   */
  /** `demandDay`: the operator's day the request is counted under in the demand layer. */
  create(booking: BookingRecord, opts: { round?: OfferRound; idempotency?: { uid: string; key: string; fingerprint: string }; demandDay: string }): Promise<BookingRecord>;
  /** The booking an idempotency key made, with the fingerprint of the request that made it. */
  byIdempotencyKey(uid: string, key: string): Promise<{ bookingId: string; fingerprint: string } | undefined>;
  list(audience: BookingAudience, q: BookingListQuery): Promise<{ items: BookingRecord[]; next?: string }>;
  /**
   * The next dispatch round, if the booking is still NEW at `current.version`: 409 otherwise (a
   * concurrent round or a cancel won). Drivers failing the eligibility check are dropped.
   */
  offerRound(current: BookingRecord, round: OfferRound): Promise<BookingRecord>;
  /** Cancels if the booking is still at `current.version`, revoking every live offer; 409 otherwise. */
  /** `movements`: a prepaid booking's refund to the rider's wallet, in the same transaction. */
  cancel(current: BookingRecord, change: { reason: string; cancelledBy: 'rider' | 'admin' | 'system'; at: number; messages: OutgoingMessage[]; movements?: WalletMovement[]; /** The system's reason code, for the dispatch story. */ code?: string }): Promise<BookingRecord>;
  /** Admin assignment: one offer without expiry, the driver checked in the same transaction; 409 when the booking or the driver changed. */
  assign(current: BookingRecord, offer: OfferRecord, messages: OutgoingMessage[]): Promise<BookingRecord>;
  /** A driver's live offers (not expired at `now`), soonest expiry first. */
  offersOf(driverUid: string, now: number): Promise<OfferRecord[]>;
}
