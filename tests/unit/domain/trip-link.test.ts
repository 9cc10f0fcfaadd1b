import { describe, expect, it } from 'vitest';
import { fetchSharedTrip } from '../../../shared/src/contract/trip-link';
import { areaOf, firstNameOf, sharedTripView, SHARED_TRIP_FIELDS, tripLinkLive, type SharedTripSource } from '../../../shared/src/domain/trip-link';
import { BOOKING_STATUSES } from '../../../shared/src/domain/booking-status';

/** A booking as the table holds it, with everything a stranger must never see. */
const booking = {
  id: 'b1', booking_id: 'ABC123', status: 'STARTED', carType: 'Economy', carTypeId: 'economy',
  customer: 'rider-uid', customer_name: 'Rita Rider', customer_email: 'rita@example.com', customer_contact: '+15550001111',
  driver: 'driver-uid', driver_name: 'Dan Driverson', driver_contact: '+15550002222', vehicle_number: 'KA-01-1234',
  otp: 48213, trip_cost: 1234, convenience_fees: 100, driver_share: 1000, payment_mode: 'cash', prepaid: false,
  deliveryPerson: 'Pat Receiver', deliveryPersonPhone: '555 123 4567', pickUpInstructions: 'Ring twice', deliveryInstructions: 'Leave at door',
  pickup: { lat: 37.7749, lng: -122.4194, add: '1 Market St, San Francisco, CA, US' },
  drop: { lat: 37.8044, lng: -122.2712, add: '12 Elm St, Oakland, CA, US' },
  stops: [{ lat: 37.87, lng: -122.27, add: '7 Secret Lane, Berkeley, CA, US' }, { lat: 37.85, lng: -122.25, add: '9 Quiet Rd, Berkeley, CA, US' }],
  stopsReached: 1,
} as const;

const source = (over: Partial<SharedTripSource> = {}): SharedTripSource => ({
  booking: booking as unknown as SharedTripSource['booking'],
  driver: { firstName: 'Dan', vehicleMake: 'Toyota', vehicleModel: 'Prius', vehicleNumber: 'KA-01-1234', ...({ mobile: '+15550002222', email: 'dan@example.com' } as object) },
  point: { lat: 37.79, lng: -122.3, at: 1_700_000_000_000, ...({ id: 'p1', status: 'STARTED' } as object) },
  eta: { seconds: 420, to: 'drop' },
  ...over,
});

describe('the shared trip view (follow my trip)', () => {
  it('has exactly the allowed keys: adding a field to the view fails here', () => {
    const view = sharedTripView(source());
    expect(Object.keys(view).sort()).toEqual([...SHARED_TRIP_FIELDS].sort());
    // The contract's response is the same list, and strict: a field the view grew would be refused there too.
    expect(Object.keys(fetchSharedTrip.response.shape).sort()).toEqual([...SHARED_TRIP_FIELDS].sort());
    expect(Object.keys(view.position!).sort()).toEqual(['at', 'lat', 'lng']);
    expect(Object.keys(view.pickup).sort()).toEqual(['lat', 'lng']);
  });

  it('carries no phone, e-mail, trip code, fare, payment, rider or recipient, whatever the booking holds', () => {
    const text = JSON.stringify(sharedTripView(source()));
    for (const secret of ['+15550001111', '+15550002222', '555 123 4567', 'rita', 'Rita', 'Rider', 'Pat Receiver', 'Driverson', '48213', '1234,', 'cash', 'ABC123', 'rider-uid', 'driver-uid', 'Ring twice', '1 Market St', '12 Elm St', 'dan@example.com', 'Secret Lane', 'Quiet Rd', 'Berkeley', '37.87', '-122.25']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(sharedTripView(source())).toMatchObject({ driverFirstName: 'Dan', vehicleMake: 'Toyota', vehicleModel: 'Prius', vehicleNumber: 'KA-01-1234', etaSeconds: 420, etaTo: 'drop', pickupArea: 'San Francisco, CA, US', dropArea: 'Oakland, CA, US', stopCount: 2, stopsReached: 1 });
  });

  it('shows no driver, car or position before a driver has the trip', () => {
    const waiting = { ...booking, status: 'NEW', driver: undefined, driver_name: undefined, vehicle_number: undefined, stops: undefined, stopsReached: undefined };
    const view = sharedTripView({ booking: waiting as unknown as SharedTripSource['booking'], point: source().point });
    expect(Object.keys(view).sort()).toEqual(['carType', 'drop', 'dropArea', 'pickup', 'pickupArea', 'status']);
  });

  it('is live from booking to the drop and dead from REACHED on', () => {
    expect(BOOKING_STATUSES.filter(tripLinkLive)).toEqual(['PAYMENT_PENDING', 'NEW', 'ACCEPTED', 'ARRIVED', 'STARTED']);
  });

  it('keeps first names and areas only', () => {
    expect(firstNameOf('  Dan  Driverson ')).toBe('Dan');
    expect(firstNameOf(' ')).toBeUndefined();
    expect(areaOf('12 Elm St, Oakland, CA, US')).toBe('Oakland, CA, US');
    expect(areaOf('Oakland, CA')).toBe('Oakland, CA');
  });
});
