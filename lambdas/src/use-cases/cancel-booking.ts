import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertTransition, CANCELLABLE_STATUSES } from '../../../shared/src/domain/booking-status';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { renderNotification, SYSTEM_REASONS } from '../../../shared/src/i18n/notifications';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { OutgoingMessage } from '../ports/notifier';
import type { Account } from './admit-caller';
import { canSeeBooking, presentBooking } from './present-booking';

/**
 * Spec §4 Cancel: only in NEW, ACCEPTED or PAYMENT_PENDING; a rider only their own booking and
 * only with critical edits allowed (§5 demo mode); reason and cancelledBy stored; PAYMENT_PENDING
 * takes the fixed incomplete-booking reason. One transaction also revokes every live offer and
 * writes the messages. (What an assigned driver gets back comes with the trip work.)
 */
export async function cancelBooking(
  deps: { bookings: BookingStore; now: () => Date },
  account: Account,
  booking: BookingRecord | undefined,
  input: { reason?: string },
): Promise<BookingView> {
  const me = account.profile;
  if (!booking || !canSeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  if (me.usertype === 'rider') assertCriticalEditsAllowed(account.settings);
  if (!CANCELLABLE_STATUSES.has(booking.status)) throw conflict('conflict', `A ${booking.status} booking cannot be cancelled`);
  assertTransition(booking.status, 'CANCELLED', me.usertype);
  const reason = booking.status === 'PAYMENT_PENDING' ? SYSTEM_REASONS.incomplete_booking : input.reason;
  if (!reason) throw new DomainError('select_proper', 400, undefined, [{ path: 'reason', message: 'select_proper' }]);

  const cancelledBy = me.usertype === 'admin' ? 'admin' : 'rider';
  const messages: OutgoingMessage[] = Object.keys(booking.requestedDrivers ?? {}).map((d) => ({
    to: d, kind: 'offer_withdrawn', ...renderNotification('offer_withdrawn', { id: booking.id }), bookingId: booking.id,
  }));
  if (cancelledBy === 'admin') {
    messages.push({ to: booking.customer, kind: 'booking_cancelled', ...renderNotification('booking_cancelled', { id: booking.id, reason }), bookingId: booking.id });
  }
  const cancelled = await deps.bookings.cancel(booking, { reason, cancelledBy, at: deps.now().getTime(), messages });
  return presentBooking(cancelled, { role: me.usertype, criticalEdits: account.settings.AllowCriticalEditsAdmin });
}
