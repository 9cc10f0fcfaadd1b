import { createHash } from 'node:crypto';
import type { AddBookingBody, BookingView } from '../../../shared/src/contract/bookings';
import { validateBookingForm } from '../../../shared/src/domain/booking-rules';
import { initialStatus } from '../../../shared/src/domain/booking-status';
import { makeBookingId, makeOneTimeCode } from '../../../shared/src/domain/codes';
import { validateDeliveryDetails } from '../../../shared/src/domain/delivery-rules';
import { deliveryCodeDue, makeDeliveryCode } from '../../../shared/src/domain/delivery-proof';
import { storablePoint } from '../../../shared/src/domain/distance';
import { bookLaterTimes, dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { decideRound } from '../../../shared/src/domain/dispatch-story';
import { DomainError } from '../../../shared/src/domain/errors';
import type { RandomSource } from '../../../shared/src/domain/random';
import { operatorZone, tripInstant, zonedPeriods } from '../../../shared/src/domain/time-zone';
import { assertValid } from '../../../shared/src/domain/validation-result';
import type { CarTypeItem } from '../adapters/dynamodb/car-type-repository';
import type { ProfileItem } from '../ports/users';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DemandStore } from '../ports/demand';
import type { GeoService } from '../ports/geo';
import type { Job, JobQueue } from '../ports/jobs';
import type { PresenceStore, SeenNearbyDriver } from '../ports/presence';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { Account } from './admit-caller';
import { makeOffers, scheduleAll } from './dispatch-offers';
import { presentBooking } from './present-booking';
import { priceTrip } from './price-trip';
import { searchNearbyDrivers } from './search-nearby-drivers';

/** Book Later reaches at most this far ahead. */
const MAX_BOOK_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

export interface AddBookingDeps {
  geo: () => GeoService;
  bookings: BookingStore;
  presence: PresenceStore;
  /** The demand layer: a Book Now that finds no driver is counted as unserved where it was asked. */
  demand: Pick<DemandStore, 'unserved'>;
  jobs: () => JobQueue;
  now: () => Date;
  random?: RandomSource;
  /** Where the platform operates and the zones' fees (priceTrip). */
  serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'>;
}

export interface AddBookingInput {
  body: AddBookingBody;
  /** Checked by the HTTP middleware (the route is idempotent in the contract). */
  idempotencyKey?: string;
  /** Read with the caller's admission (preload): the car type, the rider an admin books for, the idempotency record. */
  carType?: CarTypeItem;
  rider?: ProfileItem;
  previous?: { bookingId: string; fingerprint: string };
}

/** What identifies "the same request" for a retried key: its body. */
export function fingerprintOf(body: AddBookingBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

const selectProper = (field: string) => new DomainError('select_proper', 400, undefined, [{ path: field, message: 'select_proper' }]);

/**
 * Spec §5 booking checks in order (must_login and the role are the route's; then select_proper,
 * past_booking_error, deliveryDetailMissing, place_to_coords_error, no_driver_found_alert_messege),
 * the fare on the server's own route (§9), the status of §4 Creation, then one transaction: the
 * booking, its first dispatch round's offers and messages, and the idempotency record.
 */
export async function addBooking(deps: AddBookingDeps, account: Account, input: AddBookingInput): Promise<BookingView> {
  const { body } = input;
  const me = account.profile;
  const settings = account.settings;
  const nowMs = deps.now().getTime();
  const isAdmin = me.usertype === 'admin';

  // The HTTP middleware checked the key and answers repeats; the booking's own record below is a
  // second net, so even a retry after a lost first answer record makes no second booking.
  const fingerprint = fingerprintOf(body);
  if (input.previous) return replay(deps, account, input.previous, fingerprint);

  // The rider picks a wall-clock time of the operator's zone; the 15-minute rule runs on its instant.
  const asked = tripInstant(body.tripdate, operatorZone(settings));
  assertValid(validateBookingForm({
    role: me.usertype, channel: isAdmin ? 'admin' : 'rider',
    pickup: body.pickup, drop: body.drop, carType: body.carTypeId, riderId: body.riderId,
    bookLater: body.bookLater, tripdate: asked,
  }, nowMs));
  if (body.bookLater && asked! - nowMs > MAX_BOOK_AHEAD_MS) {
    throw new DomainError('past_booking_error', 400, 'A booking can be made at most a year ahead');
  }
  const customer = isAdmin ? input.rider : me;
  if (!customer || customer.usertype !== 'rider') throw selectProper('riderId');
  if (!customer.approved) throw new DomainError('user_issue_contact_admin', 400);
  // Below zero the rider owes the platform (a prepaid parcel's return, taken after the card paid):
  // that is settled by a top-up before another trip, as the big platforms ask of an unpaid balance.
  if ((customer.walletBalance ?? 0) < 0) throw new DomainError('wallet_below_zero', 409, 'The wallet is below zero: top it up before booking again');
  const carType = input.carType;
  if (!carType) throw selectProper('carTypeId');
  const delivery = settings.appMode === 'delivery';
  if (delivery) assertValid(validateDeliveryDetails(body.instructionData ?? {}));

  const policy = dispatchPolicy(settings);
  const pickup = storablePoint(body.pickup!);
  const drop = storablePoint(body.drop!);
  const stops = (body.stops ?? []).map((s) => storablePoint(s));
  const tripdate = body.bookLater ? asked! : nowMs;
  const status = initialStatus({ appCategory: settings.appMode, createdByAdmin: isAdmin });
  const dispatchNow = status === 'NEW' && !body.bookLater && policy.autoDispatch;
  const id = makeBookingId(deps.random);
  const otp = makeOneTimeCode(settings.otp_secure, deps.random);
  const deliveryCode = deliveryCodeDue(settings, body.instructionData?.deliveryPersonPhone) ? makeDeliveryCode(deps.random) : undefined;

  // The route and the driver search do not depend on each other: one wait for both.
  const [priced, nearby] = await Promise.all([
    priceTrip(deps, { pickup, drop, stops, carType, settings, parcelTypeIndex: body.parcelTypeIndex, optionIndex: body.optionIndex, noRouteCode: 'place_to_coords_error' }),
    body.bookLater ? undefined : searchNearbyDrivers(deps, policy, pickup, carType.name, nowMs),
  ]);
  // The demand layer files a request under the operator's day, as the dashboard reads it.
  const demandDay = zonedPeriods(nowMs, operatorZone(settings)).day;
  if (nearby && nearby.drivers.length === 0) {
    await deps.demand.unserved(pickup, demandDay, nowMs);
    throw new DomainError('no_driver_found_alert_messege', 422);
  }

  const instructions = body.instructionData ?? {};
  const record: BookingRecord = {
    id, booking_id: id,
    carType: carType.name, carTypeId: carType.id, ...(priced.carImage ? { carImage: priced.carImage } : {}),
    ...(carType.cancelSlab?.length ? { cancelSlab: carType.cancelSlab.map((s) => ({ minsDelayed: s.minsDelayed, amount: s.amount })) } : {}),
    customer: customer.id,
    customer_name: `${customer.firstName} ${customer.lastName}`.trim(),
    customer_email: customer.email,
    customer_contact: customer.mobile,
    ...(customer.profile_image ? { customer_image: customer.profile_image } : {}),
    pickup, drop, pickupAddress: pickup.add, dropAddress: drop.add,
    // The stops as booked, in order; the driver marks them reached (stopsReached) before the drop.
    ...(stops.length ? { stops, stopsReached: 0 } : {}),
    estimate: priced.fare.trip_cost,
    estimateDistance: priced.estimate.estimateDistance,
    estimateTime: priced.estimate.estimateTime,
    distanceUnit: policy.unit,
    status,
    bookLater: body.bookLater,
    tripdate,
    bookingDate: nowMs,
    ...(otp !== undefined ? { otp } : {}),
    // Spec §3: true only for bookings an admin makes in delivery mode.
    booking_type_admin: isAdmin && delivery,
    createdByAdmin: isAdmin,
    coords: priced.estimate.route.coords,
    polylinePoints: priced.estimate.route.polylinePoints,
    ...priced.fare,
    ...(priced.parcelTypeSelected ? { parcelTypeSelected: priced.parcelTypeSelected } : {}),
    ...(priced.optionSelected ? { optionSelected: priced.optionSelected } : {}),
    ...(delivery && instructions.deliveryPerson ? { deliveryPerson: instructions.deliveryPerson } : {}),
    ...(delivery && instructions.deliveryPersonPhone ? { deliveryPersonPhone: instructions.deliveryPersonPhone } : {}),
    ...(deliveryCode !== undefined ? { deliveryCode } : {}),
    ...(instructions.pickUpInstructions ? { pickUpInstructions: instructions.pickUpInstructions } : {}),
    ...(instructions.deliveryInstructions ? { deliveryInstructions: instructions.deliveryInstructions } : {}),
    requestedDrivers: {},
    asked: {},
    dispatchRound: 0,
    dispatchRounds: policy.rounds,
    version: 1,
  };

  // Timers go first: a timer whose booking never got written finds nothing and does nothing,
  // while a booking whose timer was lost would wait forever.
  const jobs: [Job, number][] = [];
  if (body.bookLater) {
    const times = bookLaterTimes(tripdate, policy);
    record.giveUpAt = times.giveUpAt;
    if (status === 'NEW' && policy.autoDispatch) jobs.push([{ kind: 'dispatch', bookingId: id, round: 1 }, Math.max(nowMs, times.dispatchAt)]);
    jobs.push([{ kind: 'give-up', bookingId: id }, times.giveUpAt]);
  } else if (dispatchNow) {
    jobs.push([{ kind: 'dispatch', bookingId: id, round: 2 }, nowMs + policy.offerSeconds * 1000]);
  } else if (status === 'NEW') {
    // Auto-dispatch off: an admin assigns; a booking nobody took is not left open for ever.
    const times = bookLaterTimes(tripdate, policy);
    record.giveUpAt = times.giveUpAt;
    jobs.push([{ kind: 'give-up', bookingId: id }, times.giveUpAt]);
  }
  const first = dispatchNow && nearby
    ? decideRound<SeenNearbyDriver>({ round: 1, roundInCycle: 1, at: nowMs, policy, seen: nearby.seen, asked: {}, requestedDrivers: {}, askedThisCycle: new Set(), lapsed: [], staying: 0 })
    : undefined;
  const round = first ? { ...makeOffers(record, first.batch, 1, nowMs, policy), story: first.story } : undefined;
  await scheduleAll(deps.jobs(), jobs);

  let created: BookingRecord;
  try {
    created = await deps.bookings.create(record, {
      round,
      idempotency: input.idempotencyKey ? { uid: me.id, key: input.idempotencyKey, fingerprint } : undefined,
      demandDay,
    });
  } catch (e) {
    // Same key sent twice at once: the other request made the booking; answer with it.
    if (e instanceof DomainError && e.code === 'idempotency_conflict' && input.idempotencyKey) {
      const previous = await deps.bookings.byIdempotencyKey(me.id, input.idempotencyKey);
      if (previous) return replay(deps, account, previous, fingerprint);
    }
    throw e;
  }
  return presentBooking(created, { role: me.usertype, criticalEdits: settings.AllowCriticalEditsAdmin }, { withRoute: true });
}

/** A retried request: the booking its key made, if the body is the same; 422 otherwise (the key was reused for something else). */
async function replay(deps: AddBookingDeps, account: Account, previous: { bookingId: string; fingerprint: string }, fingerprint: string): Promise<BookingView> {
  if (previous.fingerprint !== fingerprint) throw new DomainError('idempotency_key_reused', 422, 'This Idempotency-Key was used for a different booking');
  const booking = await deps.bookings.get(previous.bookingId, { consistent: true });
  if (!booking) throw new DomainError('conflict', 409);
  return presentBooking(booking, { role: account.profile.usertype, criticalEdits: account.settings.AllowCriticalEditsAdmin }, { withRoute: true });
}
