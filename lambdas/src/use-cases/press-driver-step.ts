import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { Account } from './admit-caller';

/** A press that lost a race is judged again on a fresh read this often. */
const ATTEMPTS = 4;

/**
 * The one shape of a driver's press on their own trip that is not a status move (a stop reached,
 * a parcel's proof, its return): only the booking's driver (404 for anyone else, like every id a
 * caller has no part in); a refusal is only said on the booking as it is (the admission's read may
 * be a moment old), and a write that lost to another (the booking's version moved) is judged again
 * on a consistent read, so of simultaneous presses one writes and the others answer its refusal.
 */
export async function pressDriverStep(
  deps: { bookings: Pick<BookingStore, 'get'> },
  account: Account,
  loaded: BookingRecord | undefined,
  press: {
    /** Why the press cannot be taken on this booking: a 409 key and a message. */
    refusal: (booking: BookingRecord) => { code: string; message: string } | undefined;
    /** The write on a booking the press may take; answers the booking as written. */
    write: (booking: BookingRecord) => Promise<BookingRecord>;
  },
): Promise<BookingRecord> {
  const me = account.profile;
  let booking = loaded;
  let fresh = false;
  for (let attempt = 1; ; attempt++) {
    if (!booking || me.usertype !== 'driver' || booking.driver !== me.id) throw notFound();
    const refusal = press.refusal(booking);
    if (refusal && !fresh) {
      booking = await deps.bookings.get(booking.id, { consistent: true });
      fresh = true;
      continue;
    }
    if (refusal) throw conflict(refusal.code, refusal.message);
    try {
      return await press.write(booking);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status !== 409 || attempt >= ATTEMPTS) throw e;
      booking = await deps.bookings.get(booking.id, { consistent: true });
      fresh = true;
    }
  }
}
