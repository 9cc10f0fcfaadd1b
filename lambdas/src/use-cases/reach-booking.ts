import { money } from '../../../shared/src/i18n/notifications';
import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { countsForDistance } from '../../../shared/src/domain/booking-status';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { KM_PER_MILE, pathDistance, type LatLng } from '../../../shared/src/domain/distance';
import { addZoneFees, calculateFare, ratesFromCarType } from '../../../shared/src/domain/fare';
import { sampleRoute } from '../../../shared/src/domain/route-sampling';
import { stopsRemaining } from '../../../shared/src/domain/stops';
import { conflict } from '../../../shared/src/domain/errors';
import { recordDrop } from '../../../shared/src/domain/saved-address';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { CarTypeStore } from '../ports/catalog';
import type { GeoService } from '../ports/geo';
import type { DriverStateRecord } from '../ports/presence';
import type { TrackingPointRecord, TripStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import { logger } from '../observability/logger';
import type { Account } from './admit-caller';
import { advance, checkStep, pointAt, present, runStep, tell } from './trip-step';

type ReachDeps = { bookings: BookingStore; trips: TripStore; users: UserStore; carTypes: CarTypeStore; geo: () => GeoService; now: () => Date };

/**
 * Spec §4 REACHED: the end time and trip seconds, a tracking point, the drop counted in the
 * customer's saved addresses, the customer told. In taxi mode the trip is priced on what was
 * driven: the distance of the tracked route (STARTED and REACHED points, sampled by the §9
 * waypoint rule) and the real duration, and the drop is where the driver stopped.
 */
export async function reachBooking(deps: ReachDeps, account: Account, loaded: BookingRecord | undefined, state: DriverStateRecord | undefined): Promise<BookingView> {
  return runStep(deps, account, loaded, {
    name: 'reach',
    answer: (b) => present(account, b),
    write: (current) => reach(deps, account, stopsAllReached(checkStep(account, current, 'REACHED')), state),
  });
}

/** The drop waits for every stop (domain/stops): a trip with a stop still ahead is not over. */
function stopsAllReached(booking: BookingRecord): BookingRecord {
  const left = stopsRemaining(booking);
  if (left > 0) throw conflict('stops_remaining', `${left} stop(s) still to reach before the drop`);
  return booking;
}

async function reach(deps: ReachDeps, account: Account, booking: BookingRecord, state: DriverStateRecord | undefined): Promise<BookingRecord> {
  const now = deps.now().getTime();
  const settings = account.settings;
  const taxi = settings.appMode !== 'delivery';
  const point = pointAt(booking, 'REACHED', now, state, booking.drop, randomUUID());
  const [customer, carType, tracked] = await Promise.all([
    deps.users.get(booking.customer),
    taxi ? deps.carTypes.get(booking.carTypeId) : undefined,
    taxi ? deps.trips.points(booking.id) : [],
  ]);
  const total_trip_time = Math.max(0, Math.round((now - (booking.trip_start_time ?? now)) / 1000));
  let fields: Partial<BookingRecord> = { trip_end_time: now, total_trip_time, distance: booking.estimateDistance };
  let drop = booking.drop;
  if (taxi && carType) {
    const route = [...tracked.filter((p) => countsForDistance(p.status)), point];
    const km = await drivenKm(deps, route);
    const unit = dispatchPolicy(settings).unit;
    const distance = unit === 'mile' ? km / KM_PER_MILE : km;
    // The zone fees were fixed when the trip was booked; the driven route does not move them.
    const fare = addZoneFees(calculateFare({
      rates: ratesFromCarType(carType), distance, durationSeconds: total_trip_time,
      parcelTypeAmount: booking.parcelTypeSelected?.amount, optionAmount: booking.optionSelected?.amount,
    }), booking.zone_fees ?? []);
    drop = { lat: point.lat, lng: point.lng, add: await addressOf(deps, point, booking.drop.add) };
    fields = {
      ...fields, distance: Math.round(distance * 100) / 100, drop, dropAddress: drop.add,
      trip_cost: fare.grandTotal, convenience_fees: fare.convenienceFees, driver_share: fare.driverShare, fare_parts: fare.parts,
      coords: route.map((p) => ({ lat: p.lat, lng: p.lng })),
    };
  }
  const next = advance(booking, 'REACHED', fields);
  // The rider's saved addresses are read, changed and written back: another of their trips
  // reaching at the same moment makes us read them again rather than fail this one.
  let rider = customer;
  for (let attempt = 1; ; attempt++) {
    const saved = rider?.savedAddresses;
    try {
      return await deps.trips.apply({
        current: booking, next, at: now,
        // Tracking stops; the driver stays queued until the trip is paid or left to the rider.
        driverState: { uid: account.profile.id, activeBooking: null },
        tracking: point,
        ...(rider ? { savedAddresses: { uid: rider.id, list: recordDrop(saved ?? [], drop, { convertToMile: settings.convert_to_mile }), previous: saved } } : {}),
        messages: [tell(booking.customer, 'trip_reached', next, { fare: money(next.trip_cost, settings.symbol ?? '') })],
      });
    } catch (e) {
      if ((e as { code?: string }).code !== 'addresses_changed' || attempt >= 5) throw e;
      rider = await deps.users.get(booking.customer, { consistent: true });
    }
  }
}

/** The driving distance along the tracked points; the straight path between them when the route service cannot answer. */
async function drivenKm(deps: Pick<ReachDeps, 'geo'>, points: readonly TrackingPointRecord[]): Promise<number> {
  const sampled = sampleRoute(points);
  if (!sampled) return 0;
  try {
    const out = await deps.geo().driveTime([sampled.start, ...sampled.waypoints, sampled.dest]);
    if (out && Number.isFinite(out.distanceKm)) return out.distanceKm;
  } catch (e) {
    logger.warn('drive time failed; using the tracked path', { error: String(e) });
  }
  return pathDistance(points);
}

async function addressOf(deps: Pick<ReachDeps, 'geo'>, point: LatLng, fallback: string): Promise<string> {
  try {
    return (await deps.geo().reverseGeocode(point)) || fallback;
  } catch (e) {
    logger.warn('reverse geocoding failed; keeping the booked drop address', { error: String(e) });
    return fallback;
  }
}
