import { randomBytes } from 'node:crypto';
import type { z } from 'zod/mini';
import type { raiseSos as raiseSosRoute, SosAlert } from '../../../shared/src/contract/sos';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { sosActive, sosAllowed } from '../../../shared/src/domain/sos';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { SosAlertRecord, SosStore } from '../ports/sos';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';

type Body = z.infer<NonNullable<typeof raiseSosRoute.body>>;

export interface RaiseSosDeps {
  sos: SosStore;
  bookings: Pick<BookingStore, 'get'>;
  trips: Pick<TripStore, 'latestPoint'>;
  now: () => Date;
}

/** Ids start with the time (13 digits), so the admins' list, in key order, is newest first. */
const newAlertId = (at: number) => `${String(at).padStart(13, '0')}-${randomBytes(6).toString('hex')}`;

/**
 * The rider or the driver of a trip in progress asks for help. The alert and the trip's flag are
 * one transaction; a second press (or the other person pressing) while an alert of the trip is
 * still open answers that alert rather than raise another. Admins hear of it from the stream (topic
 * `sos`), and so does the fleet admin of the trip's driver (`sos/fleet/<uid>`); the raiser's
 * emergency contact is texted from there too, exactly once.
 */
export async function raiseSos(deps: RaiseSosDeps, account: Account, loaded: BookingRecord | undefined, body: Body): Promise<SosAlert> {
  const me = account.profile;
  let booking = loaded;
  for (let attempt = 0; attempt < 3; attempt++) {
    const own = booking && ((me.usertype === 'rider' && booking.customer === me.id) || (me.usertype === 'driver' && booking.driver === me.id));
    if (!booking || !own) throw notFound();
    if (booking.sosAlert) {
      const current = await deps.sos.get(booking.sosAlert, { consistent: true });
      if (current && sosActive(current.status)) return current;
    }
    if (!sosAllowed(booking.status)) throw conflict('sos_trip_not_active', `A ${booking.status} trip cannot raise an SOS`);
    const at = deps.now().getTime();
    const point = body.position ?? (await deps.trips.latestPoint(booking.id));
    const name = `${me.firstName} ${me.lastName}`.trim();
    const alert: SosAlertRecord = {
      id: newAlertId(at),
      bookingId: booking.id,
      bookingRef: booking.booking_id,
      status: 'open',
      at,
      raisedBy: { uid: me.id, role: me.usertype as 'rider' | 'driver', name, mobile: me.mobile },
      ...(point ? { position: { lat: point.lat, lng: point.lng } } : {}),
      tripStatus: booking.status,
      pickupAddress: booking.pickupAddress,
      dropAddress: booking.dropAddress,
      riderName: booking.customer_name,
      ...(booking.driver_name ? { driverName: booking.driver_name } : {}),
      ...(booking.vehicle_number ? { vehicleNumber: booking.vehicle_number } : {}),
      audit: [{ action: 'raised', at, by: me.id, byName: name, ...(body.note ? { note: body.note } : {}) }],
      // The fleet admin of the trip's driver follows it too (the driver's fleet never changes).
      ...(booking.fleetadmin ? { fleetadmin: booking.fleetadmin } : {}),
    };
    try {
      await deps.sos.raise(alert, { id: booking.id, version: booking.version });
      return alert;
    } catch (e) {
      // The trip moved meanwhile (a step, or the other person's SOS): judge again on the trip as it is now.
      if (!(e instanceof DomainError) || e.status !== 409) throw e;
      booking = await deps.bookings.get(booking.id, { consistent: true });
    }
  }
  throw conflict('sos_trip_not_active');
}
