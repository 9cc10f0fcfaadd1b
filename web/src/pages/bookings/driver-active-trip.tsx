import { useCallback, useMemo } from 'react';
import { useApi } from '../../api/api-context';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { DriverTripActions } from '../../features/trip/driver-trip-actions';
import { TripView } from '../../features/trip/trip-view';
import { useTrip } from '../../features/trip/use-trip';
import type { BookingFormat } from '../../features/booking/booking-format';

/** The statuses in which a trip holds its driver (spec §4 queue). */
const HOLDING = 'ACCEPTED,ARRIVED,STARTED,REACHED';

/**
 * The driver's current trip, if any, above their offers: found among their bookings (re-read when
 * `bookings/driver/<uid>` changes, e.g. the moment an accept lands) and shown with its steps.
 */
export function DriverActiveTrip({ uid, format }: { uid: string; format: BookingFormat }) {
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchBookings({ query: { status: HOLDING, limit: 1 } }, { signal }), [api]);
  const active = useApiQuery(load);
  useTopic(`bookings/driver/${uid}`, active.reload);
  const id = active.data?.items[0]?.id;
  return id ? <ActiveTrip key={id} id={id} format={format} onGone={active.reload} /> : null;
}

function ActiveTrip({ id, format, onGone }: { id: string; format: BookingFormat; onGone: () => void }) {
  const trip = useTrip(id);
  const b = trip.booking;
  const actions = useMemo(() => (b ? <DriverTripActions booking={b} onChange={trip.setBooking} onGone={onGone} /> : null), [b, trip.setBooking, onGone]);
  if (!b) return null;
  return <TripView trip={{ ...trip, booking: b }} format={format} viewer="driver" actions={actions} />;
}
