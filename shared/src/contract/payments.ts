import * as z from './zod';
import { MAX_TOP_UP, PAYMENT_KINDS, PAYMENT_STATUSES } from '../domain/payments';
import { BookingIdParams, BookingView } from './booking-view';
import { cleanText, Money, moneyInput } from './common';
import { route } from './route';
import { TipAmount } from './tips';
import { ProviderName } from './payment-providers';

/**
 * Money through payment providers (spec §4 Payment, Pay now). The checkout answers the form the
 * browser posts to the provider; the provider's confirmation (a webhook, verified on the server)
 * is the only thing that moves a booking or a wallet. The built-in test gateway plays any of the
 * twelve providers where the deployment switches it on (the local cloud, tests, a dev stage).
 */

/** Public payment routes are throttled like the public identity calls: a flood is refused at the gateway. */
const WEBHOOK_THROTTLE = { ratePerSecond: 50, burst: 100 };
const TEST_GATEWAY_THROTTLE = { ratePerSecond: 20, burst: 40 };

export const OrderId = z.string().check(z.regex(/^ord_[A-Za-z0-9]{20,40}$/));

/** Spec §5 Add to wallet-style amount: above 0 and at most the top-up limit, else no_details_error. */
const TopUpAmount = moneyInput({ key: 'no_details_error', positive: true, maxMinor: MAX_TOP_UP });

export const CheckoutBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('booking'), bookingId: BookingIdParams.shape.id, provider: ProviderName }),
  z.strictObject({ kind: z.literal('topup'), amount: TopUpAmount, provider: ProviderName }),
  // A card tip on the rider's own paid trip: the confirmation credits the driver (tips.ts has the wallet tip).
  z.strictObject({ kind: z.literal('tip'), bookingId: BookingIdParams.shape.id, amount: TipAmount, provider: ProviderName }),
]);

/** Spec §4: the provider's link and the hidden fields of the form the browser posts to it. */
export const CheckoutForm = z.object({
  orderId: OrderId,
  provider: ProviderName,
  link: z.string(),
  method: z.enum(['POST', 'GET']),
  fields: z.record(z.string(), z.string()),
  amount: Money,
  currency: z.string(),
  expiresAt: z.number(),
});
export type CheckoutForm = z.infer<typeof CheckoutForm>;

export const checkout = route({
  method: 'POST', path: '/payments/checkout', operationId: 'checkout', area: 'payments', auth: ['rider', 'driver'],
  summary: 'Starts a payment: a rider\'s own booking (PAYMENT_PENDING, or PENDING through Pay now) at the amount the server computes (trip cost minus any promo), a top-up of the caller\'s own wallet, or a tip on the rider\'s own paid trip (the tip rules of addTip: tip_not_ready, tip_already_added, tip_window_closed, tip_amount_invalid, tip_too_large); answers the provider form of spec §4 (no_provider_found when the provider is not enabled, provider_fetch_error when it cannot be reached; not_payable for a booking not waiting for money, booking_already_paid for one already paid, no_details_error for a top-up out of range). Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused (one payment session per key)',
  body: CheckoutBody,
  status: 201, idempotent: true,
  response: CheckoutForm,
});

export const PaymentView = z.object({
  orderId: OrderId,
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  provider: ProviderName,
  amount: Money,
  currency: z.string(),
  bookingId: z.optional(z.string()),
  createdAt: z.number(),
  settledAt: z.optional(z.number()),
});
export type PaymentView = z.infer<typeof PaymentView>;

export const fetchPayment = route({
  method: 'GET', path: '/payments/{orderId}', operationId: 'fetchPayment', area: 'payments', auth: ['rider', 'driver', 'admin'],
  summary: 'A payment\'s state, for the page a provider returns the browser to: its owner or an admin',
  params: z.object({ orderId: OrderId }),
  response: PaymentView,
});

export const confirmPayment = route({
  method: 'POST', path: '/payments/webhooks/{provider}', operationId: 'confirmPayment', area: 'payments', auth: 'public', throttle: WEBHOOK_THROTTLE,
  summary: 'A provider\'s confirmation (webhook). Its signature is verified over the exact body; it must name an open checkout with the same amount and currency. Applied once however often it arrives: PAYMENT_PENDING becomes NEW and dispatch starts, PENDING becomes PAID, a top-up credits the wallet, a tip is credited whole to the trip\'s driver; a booking (or a tip) that no longer wants the money gets it credited to the rider\'s wallet. Forged, tampered or mismatched confirmations change nothing (invalid_signature, payment_mismatch)',
  params: z.object({ provider: ProviderName }),
  bodyEncoding: 'raw',
  body: z.string().check(z.maxLength(65_536)),
  response: z.object({ received: z.literal(true), outcome: z.enum(['paid', 'credited', 'declined', 'duplicate', 'ignored']) }),
});

export const applyPromo = route({
  method: 'POST', path: '/bookings/{id}/promo', operationId: 'applyPromo', area: 'payments', auth: ['rider'],
  summary: 'A rider applies a promo code to their own booking before paying (PAYMENT_PENDING, REACHED or PENDING): the server computes the discount (flat or percentage, capped, minimum order, validity) and counts the use in the same transaction, never beyond the usage limit; one promo per booking',
  params: BookingIdParams,
  body: z.strictObject({ code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) }),
  response: BookingView,
});

/** The test gateway's own record of a payment it was asked to take: what its page shows. */
export const GatewayPayment = z.object({
  id: z.string(),
  provider: ProviderName,
  status: z.enum(['open', 'approved', 'declined']),
  order_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  product_name: z.string(),
  customer: z.string(),
  email: z.string(),
  returnUrl: z.string(),
});
export type GatewayPayment = z.infer<typeof GatewayPayment>;

const GatewayParams = z.object({ id: z.string().check(z.regex(/^gtx_[A-Za-z0-9]{20,40}$/)) });

/** The hidden fields as a browser posts them: strings, checked by the gateway like any provider would. */
const GatewayForm = z.object({
  order_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  amount: z.string().check(z.trim(), z.maxLength(20)),
  currency: z.string().check(z.trim(), z.regex(/^[A-Za-z]{3}$/)),
  product_name: z._default(cleanText(200), ''),
  first_name: z._default(cleanText(100), ''),
  last_name: z._default(cleanText(100), ''),
  quantity: z._default(z.string().check(z.trim(), z.maxLength(5)), '1'),
  cust_id: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  mobile_no: z._default(z.string().check(z.trim(), z.maxLength(40)), ''),
  email: z._default(z.string().check(z.trim(), z.maxLength(254)), ''),
});

export const testGatewayPay = route({
  method: 'POST', path: '/payments/gateway/{provider}', operationId: 'testGatewayPay', area: 'payments', auth: 'public', throttle: TEST_GATEWAY_THROTTLE,
  summary: 'The built-in test gateway (where switched on): receives the spec §4 checkout form as any provider would and sends the browser to its payment page',
  params: z.object({ provider: ProviderName }),
  bodyEncoding: 'form',
  body: GatewayForm,
  redirect: true,
  response: z.object({ location: z.string() }),
});

export const fetchGatewayPayment = route({
  method: 'GET', path: '/payments/gateway/payments/{id}', operationId: 'fetchGatewayPayment', area: 'payments', auth: 'public', throttle: TEST_GATEWAY_THROTTLE,
  summary: 'The test gateway\'s page reads the payment it is asked to take',
  params: GatewayParams,
  response: GatewayPayment,
});

export const decideGatewayPayment = route({
  method: 'POST', path: '/payments/gateway/payments/{id}', operationId: 'decideGatewayPayment', area: 'payments', auth: 'public', throttle: TEST_GATEWAY_THROTTLE,
  summary: 'The test gateway\'s Pay or Cancel: decided once; the gateway then sends its signed confirmation to the platform\'s webhook and returns the browser to the merchant',
  params: GatewayParams,
  body: z.strictObject({ decision: z.enum(['approve', 'decline']) }),
  response: GatewayPayment,
});
