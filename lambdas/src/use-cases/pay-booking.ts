import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore, PaymentPacket } from '../ports/bookings';
import type { ProviderStore } from '../ports/providers';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { applyPaid, type ApplyPaidDeps } from './apply-paid';
import { paidChange } from './mark-paid';
import { checkPayment, present, runStep } from './trip-step';
import { cardPaymentPacket } from './payment-packet';

type PayAnswer = { booking: BookingView; providers?: { name: string; link: string }[]; selectedProvider?: string };

/**
 * The rider pays. From the wallet (at the drop or later): the PAID step with the rider's debit in
 * its transaction, refused with insufficient_balance when the balance does not cover it. Pay now
 * by card (spec §4, PENDING only): the card payment packet (§3) is saved and the provider chooser
 * opens with the first provider preselected; the provider's confirmation makes it PAID.
 * Both need critical edits (§5 demo mode), and neither takes money for a booking that is prepaid
 * or already paid (`booking_already_paid`, nothing written).
 */
export async function payBooking(
  deps: ApplyPaidDeps & { bookings: BookingStore; trips: TripStore; providers: ProviderStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { method: 'wallet' | 'card' },
): Promise<PayAnswer> {
  assertCriticalEditsAllowed(account.settings);
  if (input.method === 'wallet') {
    return runStep(deps, account, loaded, {
      name: 'pay-wallet',
      answer: (b) => ({ booking: present(account, b) }),
      write: async (current) => {
        const booking = checkPayment(account, current, 'wallet', 'PAID');
        const customerPaid = Math.max(0, booking.trip_cost - (booking.discount ?? 0));
        if (account.profile.walletBalance < customerPaid) throw conflict('insufficient_balance');
        return applyPaid(deps, paidChange(booking, 'wallet', deps.now().getTime(), account.settings), account.settings, [account.profile]);
      },
    });
  }
  return payByCard(deps, account, loaded);
}

/** The card packet Pay now saves (spec §3): what the provider will be asked for, the booking's promo included. */
const cardPacket = (booking: BookingRecord, account: Account): PaymentPacket => cardPaymentPacket(booking, account.settings.appMode ?? 'taxi');

const samePacket = (a: PaymentPacket | undefined, b: PaymentPacket) =>
  a !== undefined && (Object.keys(b) as (keyof PaymentPacket)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

/**
 * Pay now. Saving a packet the booking already holds is the same step again: it writes nothing
 * and answers as the first did, so a double tap or another tab opens the same chooser.
 */
async function payByCard(deps: { bookings: BookingStore; trips: TripStore; providers: ProviderStore; now: () => Date }, account: Account, loaded: BookingRecord | undefined): Promise<PayAnswer> {
  let enabled: { name: string; link: string }[] | undefined;
  const providers = async () => {
    enabled ??= (await deps.providers.list()).filter((p) => p.enabled).map((p) => ({ name: p.name, link: p.link }));
    if (!enabled.length) throw new DomainError('no_provider_found', 404);
    return enabled;
  };
  const me = account.profile.id;
  return runStep(deps, account, loaded, {
    name: 'pay-card',
    taken: (b) => account.profile.usertype === 'rider' && b.customer === me && b.status === 'PENDING' && samePacket(b.paymentPacket, cardPacket(b, account)),
    answer: async (b) => {
      const chooser = await providers();
      return { booking: present(account, b), providers: chooser, selectedProvider: chooser[0]!.name };
    },
    write: async (current) => {
      const booking = checkPayment(account, current, 'card', 'PAID');
      await providers();
      const next = { ...booking, paymentPacket: cardPacket(booking, account), version: booking.version + 1 };
      return deps.trips.apply({ current: booking, next, at: deps.now().getTime(), messages: [] });
    },
  });
}
