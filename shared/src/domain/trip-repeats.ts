import type { Role } from '../contract/route';
import type { BookingStatus } from './booking-status';

/** Every trip step and payment a caller can repeat (a double tap, a retried request, another tab). */
export type TripStep =
  | 'accept' | 'decline' | 'release' | 'arrive' | 'start' | 'reach'
  | 'settle-cash' | 'settle-later' | 'pay-wallet' | 'complete' | 'cancel';

/** What the rule reads of a booking. */
export interface RepeatableBooking {
  status: BookingStatus;
  customer: string;
  driver?: string;
  prepaid?: boolean;
  payment_mode?: string;
  cancelledBy?: string;
  requestedDrivers?: Record<string, boolean>;
  asked?: Record<string, number>;
  excludedDrivers?: Record<string, boolean>;
}

/**
 * Has this caller already taken this step? True when the booking is exactly where the step, by
 * this caller, leads: the repeat then answers as the first call did (built from the booking as it
 * is now) and writes nothing. Anything else is decided by the step's own rules, so a step the
 * booking can no longer take gets its one 409 key. A caller who has nothing to do with the booking
 * never matches, so the rule reveals nothing to strangers.
 */
export function stepTaken(step: TripStep, b: RepeatableBooking, caller: { uid: string; role: Role }): boolean {
  const driver = caller.role === 'driver' && b.driver === caller.uid;
  const rider = caller.role === 'rider' && b.customer === caller.uid;
  switch (step) {
    case 'accept': return driver && b.status === 'ACCEPTED';
    case 'arrive': return driver && b.status === 'ARRIVED';
    case 'start': return driver && b.status === 'STARTED';
    case 'reach': return driver && b.status === 'REACHED';
    // The drop confirmed: cash taken, or a prepaid trip handed over (its card payment stands).
    case 'settle-cash': return driver && b.status === 'PAID' && b.payment_mode === (b.prepaid ? 'card' : 'cash');
    case 'settle-later': return driver && b.status === 'PENDING';
    case 'pay-wallet': return rider && b.status === 'PAID' && b.payment_mode === 'wallet';
    case 'complete': return rider && b.status === 'COMPLETE';
    case 'cancel':
      return b.status === 'CANCELLED' && ((rider && b.cancelledBy === 'rider') || (caller.role === 'admin' && b.cancelledBy === 'admin'));
    // Gave the trip up: back in dispatch without this driver.
    case 'release':
      return caller.role === 'driver' && b.excludedDrivers?.[caller.uid] === true && b.driver !== caller.uid;
    // Offered this booking while it waits for a driver, and no longer holding the offer.
    case 'decline':
      return caller.role === 'driver' && b.status === 'NEW' && b.asked?.[caller.uid] !== undefined
        && b.requestedDrivers?.[caller.uid] !== true && b.excludedDrivers?.[caller.uid] !== true;
  }
}
