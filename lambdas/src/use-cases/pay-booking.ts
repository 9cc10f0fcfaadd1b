import type { BookingView } from '../../../shared/src/contract/bookings';
import { canPayNow } from '../../../shared/src/domain/booking-status';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError } from '../../../shared/src/domain/errors';
import type { BookingRecord } from '../ports/bookings';
import type { ProviderStore } from '../ports/providers';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { paidChange } from './mark-paid';
import { cardPaymentPacket } from './payment-packet';
import { checkStep, present } from './trip-step';

/**
 * The rider pays. From the wallet (at the drop or later): the PAID step with the rider's debit in
 * its transaction, refused with insufficient_balance when the balance does not cover it. Pay now
 * by card (spec §4, PENDING only): the card payment packet (§3) is saved and the provider chooser
 * opens with the first provider preselected; the provider's confirmation makes it PAID.
 * Both need critical edits (§5 demo mode).
 */
export async function payBooking(
  deps: { trips: TripStore; providers: ProviderStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { method: 'wallet' | 'card' },
): Promise<{ booking: BookingView; providers?: { name: string; link: string }[]; selectedProvider?: string }> {
  assertCriticalEditsAllowed(account.settings);
  const now = deps.now().getTime();
  if (input.method === 'wallet') {
    const booking = checkStep(account, loaded, 'PAID');
    const customerPaid = Math.max(0, booking.trip_cost - (booking.discount ?? 0));
    if (account.profile.walletBalance < customerPaid) throw conflict('insufficient_balance');
    return { booking: present(account, await deps.trips.apply(paidChange(booking, 'wallet', now, account.settings))) };
  }
  const booking = checkStep(account, loaded, 'PAID');
  if (!canPayNow(booking.status, 'rider')) throw conflict('conflict', 'Pay now is for a PENDING booking');
  const providers = (await deps.providers.list()).filter((p) => p.enabled);
  if (!providers.length) throw new DomainError('no_provider_found', 404);
  const next = { ...booking, paymentPacket: cardPaymentPacket(booking, account.settings.appMode ?? 'taxi'), version: booking.version + 1 };
  await deps.trips.apply({ current: booking, next, at: now, messages: [] });
  return {
    booking: present(account, next),
    providers: providers.map((p) => ({ name: p.name, link: p.link })),
    selectedProvider: providers[0]!.name,
  };
}
