import { formatMoney, parseMoney } from './money';

/**
 * Payments through providers (spec §4 Payment, §3 Payment provider). The platform believes a
 * provider only after verifying its confirmation on the server; the browser's redirect proves
 * nothing. Amounts are integer minor units inside; a provider sees two-decimal strings.
 */

/**
 * What a checkout pays for: a booking (PAYMENT_PENDING, or PENDING through Pay now), a wallet
 * top-up, or a tip on a paid trip (domain/tips: its confirmation credits the driver).
 */
export const PAYMENT_KINDS = ['booking', 'topup', 'tip'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * A payment session's life. OPEN until a verified confirmation arrives: PAID when it moved the
 * booking or credited the top-up; CREDITED when the money arrived but the booking no longer
 * wanted it (cancelled, or already paid another way), so it went to the rider's wallet instead;
 * DECLINED when the provider said no.
 */
export const PAYMENT_STATUSES = ['OPEN', 'PAID', 'CREDITED', 'DECLINED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Top-ups: at least one unit of money, and not more than a wallet is meant to hold in one go. */
export const MIN_TOP_UP = 1_00;
export const MAX_TOP_UP = 10_000_00;

/** How long a checkout stays payable; a confirmation of an older session is still honoured (credited). */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;

/** A provider's amount: exactly two decimals, the way gateways print money. */
export function gatewayAmount(minor: number): string {
  return formatMoney(minor);
}

/**
 * A provider's amount back to minor units. Only plain decimal strings with at most two decimals
 * are money; anything else (exponents, signs, NaN, thousands separators, too many digits) is not.
 */
export function parseGatewayAmount(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.minor : undefined;
}

/** Spec §4 Payment: the hidden fields the checkout form posts to the provider's link. */
export interface CheckoutFields {
  order_id: string;
  amount: string;
  currency: string;
  product_name: string;
  first_name: string;
  last_name: string;
  quantity: '1';
  cust_id: string;
  mobile_no: string;
  email: string;
}

export function checkoutFields(input: {
  orderId: string; amount: number; currency: string; productName: string;
  customer: { id: string; firstName: string; lastName: string; mobile: string; email: string };
}): CheckoutFields {
  return {
    order_id: input.orderId,
    amount: gatewayAmount(input.amount),
    currency: input.currency.toUpperCase(),
    product_name: input.productName,
    first_name: input.customer.firstName,
    last_name: input.customer.lastName,
    quantity: '1',
    cust_id: input.customer.id,
    mobile_no: input.customer.mobile,
    email: input.customer.email,
  };
}

/** A verified confirmation, whatever provider sent it. */
export interface PaymentConfirmation {
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  approved: boolean;
  /** The provider's own reference (transaction, session or event id), for the record. */
  providerRef: string;
}

/**
 * Does a verified confirmation match the session it names? Amount and currency must be exactly
 * what the checkout asked for: a confirmation for less (or in another currency) pays nothing.
 */
export function confirmationMismatch(
  session: { provider: string; amount: number; currency: string },
  provider: string,
  c: Pick<PaymentConfirmation, 'amount' | 'currency'>,
): 'provider' | 'amount' | 'currency' | undefined {
  if (session.provider !== provider) return 'provider';
  if (session.amount !== c.amount) return 'amount';
  if (session.currency.toUpperCase() !== c.currency.toUpperCase()) return 'currency';
  return undefined;
}
