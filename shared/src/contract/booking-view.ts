import * as z from './zod';
import { BOOKING_STATUSES } from '../domain/booking-status';
import { DELIVERY_FAILURE_REASONS } from '../domain/delivery-proof';
import { cleanText, Id, LatLng, Money, PricedItem, ZoneFee } from './common';

/**
 * A booking as every area shows it, apart from the bookings area's own routes: the trip, payment,
 * SOS, tip and proof areas answer with it and name a booking by its id. A handler's bundle builds
 * the schemas of the modules it imports when it loads, so these live apart from the bookings
 * routes (bookings.ts re-exports them): a trip step does not build the booking form's schemas.
 */

export const BookingStatus = z.enum(BOOKING_STATUSES);
export const DistanceUnit = z.enum(['km', 'mile']);

/** A trip end as the form sends it: coordinates and the address shown to the user. */
export const BookingPoint = z.strictObject({
  lat: LatLng.shape.lat,
  lng: LatLng.shape.lng,
  add: cleanText(300, { required: true }),
});
export type BookingPoint = z.infer<typeof BookingPoint>;

export const CancelledBy = z.enum(['rider', 'admin', 'system']);

/** Spec §3 promo_details: the promo applied and the discount it gave (money in decimals). */
export const PromoDetails = z.object({ id: z.string(), promo_name: z.string(), promo_discount_type: z.enum(['flat', 'percentage']), promo_discount_value: z.number(), discount: Money });

/** What the drop recorded (domain/delivery-proof); the return leg's money in decimals. */
export const DeliveryProofView = z.object({
  outcome: z.enum(['delivered', 'failed']),
  method: z.optional(z.enum(['code', 'left_with'])),
  receivedBy: z.optional(z.string()),
  reason: z.optional(z.enum(DELIVERY_FAILURE_REASONS)),
  at: z.number(),
  returnLeg: z.optional(z.object({ distance: z.number(), time: z.number(), trip_cost: Money, convenience_fees: Money, driver_share: Money })),
  returnedAt: z.optional(z.number()),
});

/** Spec §3 Booking as the API shows it; money in decimals. Fields of later steps are optional. */
export const BookingView = z.object({
  id: Id,
  booking_id: z.string(),
  carType: z.string(),
  carTypeId: z.optional(Id),
  carImage: z.optional(z.string()),
  customer: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_contact: z.string(),
  customer_image: z.optional(z.string()),
  pickup: BookingPoint,
  drop: BookingPoint,
  pickupAddress: z.string(),
  dropAddress: z.string(),
  /** Stops between pickup and drop, in order, and how many the driver has reached (the next one's index). */
  stops: z.optional(z.array(BookingPoint)),
  stopsReached: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** When each reached stop was reached (ms), in order. */
  stopsReachedAt: z.optional(z.array(z.number())),
  estimate: Money,
  estimateDistance: z.number(),
  estimateTime: z.number(),
  distance: z.optional(z.number()),
  distanceUnit: DistanceUnit,
  status: BookingStatus,
  bookLater: z.boolean(),
  /** When the trip is due (ms); spec "booking date (from tripdate)". */
  tripdate: z.number(),
  /** When the booking was made (ms). */
  bookingDate: z.number(),
  /** The rider's trip code (otp_secure); shown to the customer and admins, never to drivers. */
  otp: z.optional(z.number()),
  /** Whether starting the trip needs the rider's code: what a driver's screen knows of it. */
  tripCodeRequired: z.optional(z.boolean()),
  booking_type_admin: z.boolean(),
  createdByAdmin: z.optional(z.boolean()),
  coords: z.optional(z.array(LatLng)),
  polylinePoints: z.optional(z.string()),
  trip_cost: Money,
  convenience_fees: Money,
  driver_share: Money,
  parcelTypeSelected: z.optional(PricedItem),
  optionSelected: z.optional(PricedItem),
  /** Zone fees fixed when the trip was booked (in trip_cost and driver_share). */
  zone_fees: z.optional(z.array(ZoneFee)),
  deliveryPerson: z.optional(z.string()),
  deliveryPersonPhone: z.optional(z.string()),
  pickUpInstructions: z.optional(z.string()),
  deliveryInstructions: z.optional(z.string()),
  /** Proof of delivery: the recipient's code (the sender's own view only), whether the drop needs one, and what was recorded. */
  deliveryCode: z.optional(z.string()),
  deliveryCodeRequired: z.optional(z.boolean()),
  deliveryProof: z.optional(DeliveryProofView),
  /** The trip's latest SOS alert (flagged: someone on it asked for help). */
  sosAlert: z.optional(z.string()),
  driver: z.optional(z.string()),
  driver_name: z.optional(z.string()),
  driver_image: z.optional(z.string()),
  driver_contact: z.optional(z.string()),
  vehicle_number: z.optional(z.string()),
  fleetadmin: z.optional(z.string()),
  /** Drivers holding an offer right now (spec requestedDrivers); admins only. */
  requestedDrivers: z.optional(z.record(z.string(), z.literal(true))),
  /** How many drivers hold a live offer: what the rider sees while waiting. */
  offersOut: z.number().check(z.int(), z.nonnegative()),
  /** Dispatch progress: the current round (0 before the first) of `rounds`. */
  dispatchRound: z.number().check(z.int(), z.nonnegative()),
  dispatchRounds: z.number().check(z.int(), z.nonnegative()),
  reason: z.optional(z.string()),
  cancelledBy: z.optional(CancelledBy),
  cancelledAt: z.optional(z.number()),
  // Filled by the trip and money steps (spec §2 bookings table columns).
  driver_arrive_time: z.optional(z.number()),
  trip_start_time: z.optional(z.number()),
  trip_end_time: z.optional(z.number()),
  total_trip_time: z.optional(z.number()),
  discount: z.optional(Money),
  customer_paid: z.optional(Money),
  payment_mode: z.optional(z.string()),
  gateway: z.optional(z.string()),
  cashPaymentAmount: z.optional(Money),
  cardPaymentAmount: z.optional(Money),
  usedWalletMoney: z.optional(Money),
  /** Presigned, short-lived links to the photos (bookings/{id}/pickup_image|deliver_image). */
  pickup_image: z.optional(z.string()),
  deliver_image: z.optional(z.string()),
  /** When the driver accepted (ms): the rider's cancellation fee counts minutes from here. */
  acceptTime: z.optional(z.number()),
  /** The car type's cancellation slabs when booked, so the rider sees the fee before cancelling. */
  cancelSlab: z.optional(z.array(z.object({ minsDelayed: z.number(), amount: Money }))),
  /** What the rider was charged for cancelling after acceptance. */
  cancellation_fee: z.optional(Money),
  /** Paid before the trip (delivery mode, through a provider): the driver collects nothing. */
  prepaid: z.optional(z.boolean()),
  /** Spec §3: the promo whose discount `discount` is. */
  promo_applied: z.optional(z.boolean()),
  promo_details: z.optional(PromoDetails),
  /** Spec §3 Payment packet, saved by Pay now: the promo as it stood (promo_applied, promo_details). */
  paymentPacket: z.optional(z.object({
    appcat: z.string(), payment_mode: z.string(), customer_paid: Money, cardPaymentAmount: Money, discount_amount: Money,
    usedWalletMoney: Money, cashPaymentAmount: Money, payableAmount: Money, promo_applied: z.boolean(),
    promo_details: z.optional(PromoDetails),
  })),
  /** The rider's tip after the trip, all the driver's (domain/tips), and how it was paid. */
  tip: z.optional(Money),
  tip_mode: z.optional(z.enum(['wallet', 'card'])),
  tip_at: z.optional(z.number()),
  /** The rider's rating of this trip (1–5). */
  rating: z.optional(z.number()),
  /** The driver's average rating when they accepted. */
  driverRating: z.optional(z.number()),
});
export type BookingView = z.infer<typeof BookingView>;

export const BookingIdParams = z.object({ id: Id });
