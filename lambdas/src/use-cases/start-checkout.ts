import { randomBytes } from 'node:crypto';
import type { CheckoutForm } from '../../../shared/src/contract/payments';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { paymentRefusal } from '../../../shared/src/domain/booking-payment';
import { parseMoney, toDecimal, toMinor } from '../../../shared/src/domain/money';
import { CHECKOUT_TTL_MS, checkoutFields, MAX_TOP_UP, MIN_TOP_UP } from '../../../shared/src/domain/payments';
import type { BookingRecord } from '../ports/bookings';
import type { GatewayDirectory, PaymentSession, PaymentStore } from '../ports/payments';
import type { ProviderStore } from '../ports/providers';
import type { Account } from './admit-caller';
import { assertTippable } from './add-tip';

export type CheckoutInput =
  | { kind: 'booking'; bookingId: string; provider: string }
  | { kind: 'topup'; amount: number; provider: string }
  | { kind: 'tip'; bookingId: string; amount: number; provider: string };

/** The amount a booking still asks of its rider: the trip cost less the promo's discount. */
export const amountDue = (b: Pick<BookingRecord, 'trip_cost' | 'discount'>) => Math.max(0, b.trip_cost - (b.discount ?? 0));

const newOrderId = () => `ord_${randomBytes(12).toString('hex')}`;

/**
 * Spec §4 Payment / Pay now: the server fixes what is paid (never the client), records the
 * checkout as an OPEN session that a confirmation must match, and answers the provider's form.
 * A booking is paid by its own rider while it waits for money (`paymentRefusal`: PAYMENT_PENDING
 * or PENDING, never prepaid or paid) with critical edits allowed (§5 demo mode); a wallet is
 * topped up by its owner; a paid trip is tipped by its rider (the tip rules, checked again when
 * the confirmation arrives).
 */
export async function startCheckout(
  deps: { payments: PaymentStore; providers: ProviderStore; gateway: GatewayDirectory; siteOrigins: () => string[]; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: CheckoutInput & { origin?: string },
): Promise<CheckoutForm> {
  const me = account.profile;
  const settings = account.settings;
  const now = deps.now().getTime();

  let amount: number;
  let productName: string;
  let bookingId: string | undefined;
  if (input.kind === 'booking') {
    if (me.usertype !== 'rider' || !loaded || loaded.customer !== me.id) throw notFound();
    assertCriticalEditsAllowed(settings);
    const refusal = paymentRefusal(loaded, 'checkout');
    if (refusal) throw conflict(refusal, `A ${loaded.prepaid ? 'prepaid ' : ''}${loaded.status} booking is not waiting for a payment`);
    amount = amountDue(loaded);
    if (amount <= 0) throw conflict('not_payable', 'Nothing is left to pay');
    productName = `Booking ${loaded.id}`;
    bookingId = loaded.id;
  } else if (input.kind === 'tip') {
    // A card tip: the same rules as a wallet tip (its rider, a paid trip, none yet, its limits); the confirmation applies it.
    if (me.usertype !== 'rider') throw notFound();
    assertCriticalEditsAllowed(settings);
    amount = toMinor(input.amount);
    bookingId = assertTippable(loaded, me.id, amount, now).id;
    productName = `Tip for booking ${bookingId}`;
  } else {
    const parsed = parseMoney(input.amount, { positive: true, maxMinor: MAX_TOP_UP });
    amount = parsed.ok ? parsed.minor : 0;
    if (amount < MIN_TOP_UP) {
      throw new DomainError('no_details_error', 400, `A top-up is ${toDecimal(MIN_TOP_UP)} to ${toDecimal(MAX_TOP_UP)} with at most two decimals`, [{ path: 'amount', message: 'no_details_error' }]);
    }
    productName = 'Wallet top-up';
  }

  const provider = (await deps.providers.list()).find((p) => p.enabled && p.name === input.provider);
  if (!provider) throw new DomainError('no_provider_found', 404, `${input.provider} is not an enabled payment provider`);
  const gateway = deps.gateway(provider.name);
  if (!gateway) throw new DomainError('provider_fetch_error', 503, `No gateway takes ${provider.name} payments in this deployment`);

  const session: PaymentSession = {
    orderId: newOrderId(), kind: input.kind, uid: me.id, ...(bookingId ? { bookingId } : {}),
    provider: provider.name, amount, currency: (settings.code || 'USD').toUpperCase(), status: 'OPEN',
    createdAt: now, payableUntil: now + CHECKOUT_TTL_MS,
  };
  const fields = checkoutFields({
    orderId: session.orderId, amount, currency: session.currency, productName,
    customer: { id: me.id, firstName: me.firstName, lastName: me.lastName, mobile: me.mobile, email: me.email },
  });
  const origins = deps.siteOrigins();
  const returnBase = input.origin && (origins.includes('*') || origins.includes(input.origin)) ? input.origin : undefined;
  // The provider is asked first: a checkout it refused leaves no session behind.
  const redirect = await gateway.checkout({ session, provider, fields: { ...fields }, productName, customerEmail: me.email, returnBase });
  await deps.payments.create(session);
  return {
    orderId: session.orderId, provider: provider.name, link: redirect.link, method: redirect.method, fields: redirect.fields,
    amount: toDecimal(amount), currency: session.currency, expiresAt: session.payableUntil,
  };
}
