import { paymentRefusal } from '../../../shared/src/domain/booking-payment';
import { dispatchPolicy, bookLaterTimes } from '../../../shared/src/domain/dispatch';
import { DomainError, notFound } from '../../../shared/src/domain/errors';
import { confirmationMismatch, type PaymentConfirmation } from '../../../shared/src/domain/payments';
import { money, renderNotification } from '../../../shared/src/i18n/notifications';
import { logger } from '../observability/logger';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { Job, JobQueue } from '../ports/jobs';
import type { GatewayDirectory, PaymentSession, PaymentStore } from '../ports/payments';
import type { AppSettings, SettingsStore } from '../ports/settings';
import type { TripStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import { scheduleAll } from './dispatch-offers';
import { applyPaid } from './apply-paid';
import { tipChange } from './add-tip';
import { tipRefusal } from '../../../shared/src/domain/tips';
import { paidChange } from './mark-paid';
import { cardPaymentPacket } from './payment-packet';
import { amountDue } from './start-checkout';
import { advance, tell } from './trip-step';

export type ConfirmOutcome = 'paid' | 'credited' | 'declined' | 'duplicate' | 'ignored';

export interface ConfirmDeps {
  gateway: GatewayDirectory;
  payments: PaymentStore;
  bookings: BookingStore;
  trips: TripStore;
  /** The booking's rider and driver, when their first paid trip earns a referral bonus. */
  users: Pick<UserStore, 'get'>;
  settings: Pick<SettingsStore, 'getApp'>;
  jobs: () => JobQueue;
  now: () => Date;
}

/** A lost race (the booking moved, another delivery closed the session) is decided again on fresh reads. */
const ATTEMPTS = 4;

const refused = (code: string, message: string, context: Record<string, unknown>) => {
  // Logged for the operators: a forged or mismatched confirmation is either a bug or an attack.
  logger.warn('payment confirmation refused', { code, ...context });
  return new DomainError(code, 400, message);
};

/**
 * A provider's confirmation. Believed only after the gateway verifies it; then it must name an
 * OPEN checkout with the same provider, amount and currency. Applied exactly once, however often
 * it arrives, because every outcome closes the session in the same transaction that moves the
 * booking or the money: PAYMENT_PENDING → NEW (prepaid, dispatch starts), PENDING → PAID (the
 * trip's own PAID step), a top-up credited. Money that arrives for a booking that no longer wants
 * it (cancelled, or paid another way meanwhile) is credited to the rider's wallet, never lost.
 */
export async function confirmPayment(deps: ConfirmDeps, provider: string, rawBody: string, headers: Record<string, string | undefined>): Promise<{ received: true; outcome: ConfirmOutcome }> {
  const gateway = deps.gateway(provider);
  if (!gateway) throw notFound('not_found', `No gateway takes ${provider} payments in this deployment`);
  let confirmation: PaymentConfirmation | undefined;
  try {
    confirmation = await gateway.verify(rawBody, headers, deps.now().getTime());
  } catch (e) {
    if (e instanceof DomainError) logger.warn('payment confirmation refused', { code: e.code, provider, reason: e.message });
    throw e;
  }
  if (!confirmation) return { received: true, outcome: 'ignored' };
  const c = confirmation;

  for (let attempt = 1; ; attempt++) {
    // The settings (currency symbol, dispatch policy) are read beside the session: one wait for both.
    const [session, stored] = await Promise.all([deps.payments.get(c.orderId), deps.settings.getApp()]);
    const settings = stored ?? ({} as AppSettings);
    if (!session) throw refused('payment_mismatch', 'The confirmation names no checkout of ours', { provider, orderId: c.orderId });
    const mismatch = confirmationMismatch(session, provider, c);
    if (mismatch) throw refused('payment_mismatch', `The confirmation does not match the checkout (${mismatch})`, { provider, orderId: c.orderId, mismatch });
    if (session.status !== 'OPEN') return { received: true, outcome: 'duplicate' };
    try {
      return { received: true, outcome: await settle(deps, session, c, settings) };
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status !== 409 || attempt >= ATTEMPTS) throw e;
    }
  }
}

async function settle(deps: ConfirmDeps, session: PaymentSession, c: PaymentConfirmation, settings: AppSettings): Promise<ConfirmOutcome> {
  const now = deps.now().getTime();
  const amount = money(session.amount, settings.symbol ?? '');
  const outcome = { providerRef: c.providerRef, at: now };
  if (!c.approved) {
    const closed = await deps.payments.settle(session, { ...outcome, status: 'DECLINED' }, [], [
      { to: session.uid, kind: 'payment_declined', ...renderNotification('payment_declined', { amount, provider: session.provider }), ...(session.bookingId ? { bookingId: session.bookingId } : {}) },
    ]);
    return closed ? 'declined' : 'duplicate';
  }
  if (session.kind === 'topup') {
    const closed = await deps.payments.settle(session, { ...outcome, status: 'PAID' },
      [{ uid: session.uid, type: 'Credit', amount: session.amount, reason: 'TopUp', txRef: `payment:${session.orderId}` }],
      [{ to: session.uid, kind: 'wallet_topped_up', ...renderNotification('wallet_topped_up', { amount }) }]);
    return closed ? 'paid' : 'duplicate';
  }

  const booking = await deps.bookings.get(session.bookingId!, { consistent: true });
  if (session.kind === 'tip') {
    // The tip rules again, on the booking as it is now: a tip added meanwhile (the wallet, another
    // tab's card) leaves this money to be credited back to the rider below. The window is judged
    // at the checkout: a payment the rider started in time is honoured.
    if (booking && tipRefusal(booking, session.uid, session.amount, session.createdAt) === undefined) {
      await deps.trips.apply(tipChange(booking, session.amount, 'card', now, settings, { orderId: session.orderId, provider: session.provider, providerRef: c.providerRef }));
      return 'paid';
    }
  }
  // A booking paid meanwhile (another tab's checkout, the wallet) never takes it: it is credited back below.
  const wanted = booking && amountDue(booking) === session.amount && paymentRefusal(booking, 'provider') === undefined;
  if (session.kind === 'booking' && booking && wanted && booking.status === 'PAYMENT_PENDING') {
    await payAhead(deps, booking, session, c, settings, now);
    return 'paid';
  }
  if (session.kind === 'booking' && booking && wanted && booking.status === 'PENDING') {
    const change = paidChange(booking, 'card', now, settings);
    change.next = { ...change.next, gateway: session.provider };
    await applyPaid(deps, { ...change, payment: { orderId: session.orderId, status: 'PAID', providerRef: c.providerRef } }, settings);
    return 'paid';
  }
  const closed = await deps.payments.settle(session, { ...outcome, status: 'CREDITED' },
    [{ uid: session.uid, type: 'Credit', amount: session.amount, reason: 'Refund', txRef: `payment:${session.orderId}`, ...(session.bookingId ? { bookingId: session.bookingId } : {}) }],
    [{ to: session.uid, kind: 'payment_credited', ...renderNotification('payment_credited', { amount, id: session.bookingId ?? '' }), ...(session.bookingId ? { bookingId: session.bookingId } : {}) }]);
  return closed ? 'credited' : 'duplicate';
}

/**
 * A prepaid booking (delivery mode) is paid: it becomes NEW and goes out to drivers as if it had
 * just been made. Timers go first, as at booking: a timer whose booking never became NEW finds
 * nothing to do, while a NEW booking without its timer would wait for ever.
 */
async function payAhead(deps: ConfirmDeps, booking: BookingRecord, session: PaymentSession, c: PaymentConfirmation, settings: AppSettings, now: number) {
  const policy = dispatchPolicy(settings);
  const jobs: [Job, number][] = [];
  const fields: Partial<BookingRecord> = {};
  if (booking.bookLater || !policy.autoDispatch) {
    const times = bookLaterTimes(Math.max(booking.tripdate, now), policy);
    fields.giveUpAt = times.giveUpAt;
    if (policy.autoDispatch) jobs.push([{ kind: 'dispatch', bookingId: booking.id, round: 1 }, Math.max(now, times.dispatchAt)]);
    jobs.push([{ kind: 'give-up', bookingId: booking.id }, times.giveUpAt]);
  } else {
    jobs.push([{ kind: 'dispatch', bookingId: booking.id, round: 1 }, now]);
  }
  await scheduleAll(deps.jobs(), jobs);
  const amount = session.amount;
  const next = advance(booking, 'NEW', {
    ...fields,
    prepaid: true, payment_mode: 'card', gateway: session.provider,
    customer_paid: amount, cardPaymentAmount: amount, usedWalletMoney: 0, cashPaymentAmount: 0,
    // Spec §3: the delivery packet is card mode with no wallet or cash part.
    paymentPacket: cardPaymentPacket(booking, settings.appMode ?? 'delivery', amount),
  });
  await deps.trips.apply({
    current: booking, next, at: now,
    payment: { orderId: session.orderId, status: 'PAID', providerRef: c.providerRef },
    messages: [tell(booking.customer, 'booking_prepaid', next, { fare: money(amount, settings.symbol ?? '') })],
  });
}
