import { refundMovements } from '../../../shared/src/domain/trip-settlement';
import { renderNotification, SYSTEM_REASONS } from '../../../shared/src/i18n/notifications';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import { operatorZone, zonedPeriods } from '../../../shared/src/domain/time-zone';
import type { DemandStore } from '../ports/demand';
import type { OutgoingMessage } from '../ports/notifier';

/**
 * The system gives up on a booking nobody took: cancelled with a clear reason, every live offer
 * revoked, the rider told, the drivers who still held offers told it is gone; a prepaid booking's
 * payment goes back to the rider's wallet. The demand layer then counts the request as unserved
 * at its pickup on the operator's day (one ADD after the cancellation: a crash between loses a
 * count, never a booking).
 */
export async function cancelBookingAsSystem(
  deps: { bookings: BookingStore; demand: Pick<DemandStore, 'unserved'> },
  booking: BookingRecord,
  reason: keyof typeof SYSTEM_REASONS,
  now: number,
  settings: { timeZone?: string | null } | undefined,
): Promise<BookingRecord> {
  const messages: OutgoingMessage[] = [
    { to: booking.customer, kind: 'no_driver_found', ...renderNotification('no_driver_found', { id: booking.id }), bookingId: booking.id },
    ...Object.keys(booking.requestedDrivers ?? {}).map((d) => ({
      to: d, kind: 'offer_withdrawn', ...renderNotification('offer_withdrawn', { id: booking.id }), bookingId: booking.id,
    })),
  ];
  const cancelled = await deps.bookings.cancel(booking, { reason: SYSTEM_REASONS[reason], cancelledBy: 'system', at: now, messages, movements: refundMovements(booking), code: reason });
  await deps.demand.unserved(booking.pickup, zonedPeriods(now, operatorZone(settings)).day, now);
  return cancelled;
}
