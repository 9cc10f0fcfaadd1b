import type { BookingView } from '../../../shared/src/contract/bookings';
import { paymentRefusal, type PaymentPath } from '../../../shared/src/domain/booking-payment';
import { assertTransition, type BookingStatus } from '../../../shared/src/domain/booking-status';
import { conflict, DomainError, forbidden, notFound } from '../../../shared/src/domain/errors';
import { stepTaken, type TripStep } from '../../../shared/src/domain/trip-repeats';
import { proofOutstanding } from '../../../shared/src/domain/delivery-proof';
import { renderNotification, type NotificationKind, type NotificationValues } from '../../../shared/src/i18n/notifications';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { OutgoingMessage } from '../ports/notifier';
import type { DriverStateRecord } from '../ports/presence';
import type { TrackingPointRecord } from '../ports/trips';
import type { Account } from './admit-caller';
import { maySeeBooking } from '../../../shared/src/domain/booking-access';
import { presentBooking } from './present-booking';

/**
 * The checks every lifecycle step starts with: the booking exists for this caller (else 404, so
 * ids cannot be probed), the move is in the §4 table for the caller's role (409 or 403), and a
 * driver's step is on their own trip; leaving the drop needs the parcel's proof.
 */
export function checkStep(account: Account, booking: BookingRecord | undefined, to: BookingStatus): BookingRecord {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  assertTransition(booking.status, to, me.usertype);
  if (me.usertype === 'driver' && booking.driver !== me.id) throw forbidden('not_your_trip');
  // Every way out of the drop (the driver's cash or "later", the rider's wallet) waits for the
  // parcel's proof of delivery, or for its return to the sender (domain/delivery-proof).
  if (booking.status === 'REACHED' && proofOutstanding(booking)) throw conflict('delivery_proof_required', 'Record the delivery (code, or photo and who took it) or complete the return first');
  return booking;
}

/**
 * The checks a payment starts with: the booking exists for this caller (else 404), it is not
 * already paid and is waiting for money this way (`paymentRefusal`: 409 `booking_already_paid`
 * or `not_payable`), then the step's own checks. Every path that takes a rider's money for a
 * booking passes here, so a paid booking is never charged again.
 */
export function checkPayment(account: Account, booking: BookingRecord | undefined, path: PaymentPath, to: BookingStatus): BookingRecord {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  const refusal = paymentRefusal(booking, path);
  if (refusal) throw conflict(refusal, `A ${booking.prepaid ? 'prepaid ' : ''}${booking.status} booking takes no ${path} payment`);
  return checkStep(account, booking, to);
}

/** A step that lost a race is decided again on a fresh read this often. */
const STEP_ATTEMPTS = 4;

/**
 * The one rule for repeats and races, for every trip step and payment. A repeat by the same
 * caller of a step that already happened (`stepTaken`) answers as the first call did, built from
 * the booking as it is now, and writes nothing. A step the booking can no longer take answers its
 * one 409 key from the step's checks. A write that lost a race (the booking's version or status
 * moved under it), or a 409 while the booking moved, is decided again on a fresh read: the loser of identical concurrent calls finds
 * the winner's work done and answers like it, so every duplicate answers alike and money moves
 * once (the step's txRefs and its status condition make sure of that in the table).
 */
export async function runStep<T>(
  deps: { bookings: Pick<BookingStore, 'get'> },
  account: Account,
  loaded: BookingRecord | undefined,
  step: {
    name: TripStep | 'pay-card';
    /** Where the step leads, when it is more than the booking's own fields say (`stepTaken`). */
    taken?: (booking: BookingRecord) => boolean;
    /** The checks and the write on a booking that has not taken the step yet; answers the booking as written. */
    write: (booking: BookingRecord | undefined) => Promise<BookingRecord>;
    /** The step's answer, from the booking as written or as found. */
    answer: (booking: BookingRecord) => T | Promise<T>;
  },
): Promise<T> {
  const caller = { uid: account.profile.id, role: account.profile.usertype };
  const taken = step.taken ?? ((b: BookingRecord) => step.name !== 'pay-card' && stepTaken(step.name, b, caller));
  let booking = loaded;
  for (let attempt = 1; ; attempt++) {
    if (booking && taken(booking)) return step.answer(booking);
    try {
      return await step.answer(await step.write(booking));
    } catch (e) {
      if (!(e instanceof DomainError) || e.status !== 409 || !booking || attempt >= STEP_ATTEMPTS) throw e;
      // A refusal decided on what the admission read (its reads are not one snapshot: the offer
      // may already be gone while the booking still looks NEW) is decided again on a fresh read,
      // unless the booking has not moved, when it stands.
      const fresh = await deps.bookings.get(booking.id, { consistent: true });
      if (e.code !== 'conflict' && fresh?.version === booking.version) throw e;
      booking = fresh;
    }
  }
}

export function tell(to: string, kind: NotificationKind, booking: BookingRecord, values: NotificationValues = {}): OutgoingMessage {
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
