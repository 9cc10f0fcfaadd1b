import * as z from './zod';
import { RECEIPT_LINE_KINDS } from '../domain/receipt';
import { Id, Money } from './common';
import { ROLES, route } from './route';

/** One line of a receipt, decimal money; a discount is the only negative line. */
export const ReceiptLine = z.object({
  kind: z.enum(RECEIPT_LINE_KINDS),
  amount: z.number().check(z.multipleOf(0.01)),
  /** The parcel type's or option's name, or the promo's. */
  detail: z.optional(z.string()),
});

/** A paid or completed booking's receipt, built by the server from the stored booking and the settings. */
export const Receipt = z.object({
  bookingId: Id,
  status: z.string(),
  mode: z.enum(['taxi', 'delivery']),
  tripDate: z.number(),
  completedAt: z.optional(z.number()),
  rider: z.string(),
  driver: z.optional(z.string()),
  vehicleNumber: z.optional(z.string()),
  carType: z.string(),
  pickupAddress: z.string(),
  dropAddress: z.string(),
  distance: z.number().check(z.nonnegative()),
  distanceUnit: z.enum(['km', 'mile']),
  durationSeconds: z.number().check(z.nonnegative()),
  /** Distance and duration are the booking's estimate, which the fare was priced on (a delivery keeps its booking-time price). */
  estimated: z.boolean(),
  lines: z.array(ReceiptLine),
  subtotal: Money,
  discount: Money,
  /** The rider's tip, when there is one (also a line of its own). */
  tip: z.optional(Money),
  total: Money,
  payment: z.object({
    mode: z.optional(z.enum(['cash', 'wallet', 'card'])),
    gateway: z.optional(z.string()),
    cash: Money, wallet: Money, card: Money,
    /** How the tip was paid (it is paid on its own, after the trip). */
    tipMode: z.optional(z.enum(['wallet', 'card'])),
    tipGateway: z.optional(z.string()),
  }),
  promoName: z.optional(z.string()),
  company: z.object({ name: z.string(), appName: z.string(), website: z.string(), email: z.string(), address: z.optional(z.string()) }),
  currency: z.object({ symbol: z.string(), code: z.string() }),
});
export type Receipt = z.infer<typeof Receipt>;

export const fetchReceipt = route({
  method: 'GET', path: '/bookings/{id}/receipt', operationId: 'fetchReceipt', area: 'bookings', auth: ROLES,
  summary: 'A paid or completed booking\'s receipt (fare parts, fee, discount, payment, route, driver and vehicle, the company), for whoever may read the booking (fetchBooking\'s rule; 404 for anyone else); 409 receipt_not_ready before the booking is paid',
  params: z.object({ id: Id }),
  response: Receipt,
});
