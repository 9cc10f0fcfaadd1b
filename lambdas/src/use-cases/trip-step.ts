import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertTransition, type BookingStatus } from '../../../shared/src/domain/booking-status';
import { forbidden, notFound } from '../../../shared/src/domain/errors';
import { renderNotification, type NotificationKind } from '../../../shared/src/i18n/notifications';
import type { BookingRecord } from '../ports/bookings';
import type { OutgoingMessage } from '../ports/notifier';
import type { DriverStateRecord } from '../ports/presence';
import type { TrackingPointRecord } from '../ports/trips';
import type { Account } from './admit-caller';
import { maySeeBooking } from '../../../shared/src/domain/booking-access';
import { presentBooking } from './present-booking';

/**
 * The checks every lifecycle step starts with: the booking exists for this caller (else 404, so
 * ids cannot be probed), the move is in the §4 table for the caller's role (409 or 403), and a
 * driver's step is on their own trip.
 */
export function checkStep(account: Account, booking: BookingRecord | undefined, to: BookingStatus): BookingRecord {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  assertTransition(booking.status, to, me.usertype);
  if (me.usertype === 'driver' && booking.driver !== me.id) throw forbidden('not_your_trip');
  return booking;
}

export function tell(to: string, kind: NotificationKind, booking: BookingRecord, values: Record<string, string | number> = {}): OutgoingMessage {
  return {
    to, kind, bookingId: booking.id,
    ...renderNotification(kind, {
      id: booking.id, pickup: booking.pickupAddress, drop: booking.dropAddress, driver: booking.driver_name ?? '', vehicle: booking.vehicle_number ?? '', ...values,
    }),
  };
}

/** A tracking point where the driver is now (their last ping), else at `fallback`. */
export function pointAt(booking: BookingRecord, status: BookingStatus, at: number, state: DriverStateRecord | undefined, fallback: { lat: number; lng: number }, id: string): TrackingPointRecord {
  const here = state?.lat !== undefined && state.lng !== undefined ? { lat: state.lat, lng: state.lng } : { lat: fallback.lat, lng: fallback.lng };
  return { id, bookingId: booking.id, at, status, ...here };
}

export function present(account: Account, booking: BookingRecord): BookingView {
  return presentBooking(booking, { role: account.profile.usertype, criticalEdits: account.settings.AllowCriticalEditsAdmin });
}

/** The next record of a step: the new status, its fields, and the version every write bumps. */
export function advance(booking: BookingRecord, status: BookingStatus, fields: Partial<BookingRecord> = {}): BookingRecord {
  return { ...booking, ...fields, status, version: booking.version + 1 };
}
