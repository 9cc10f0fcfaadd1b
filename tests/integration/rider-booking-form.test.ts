import { beforeAll, describe, expect, it } from 'vitest';
import { north, onlineDriver, ownPlace, point } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleBooking } from './support/sample-requests';

/**
 * What the booking form asks before the booking: whether a driver is near the pickup (so "no
 * driver nearby" comes before the parcel and recipient details), and a parcel priced as "none".
 */

const SF = { lat: 37.7749, lng: -122.4194, add: 'San Francisco, CA, US' };
const OAKLAND = { lat: 37.8044, lng: -122.2712, add: 'Oakland, CA, US' };

let rider: string;
let admin: string;

beforeAll(async () => {
  [rider, admin] = await Promise.all([idToken(DEMO.rider), idToken(DEMO.admin)]);
});

const availability = (token: string, body: unknown) => api('POST', '/bookings/availability', { token, body });

describe('checkAvailability: the Book Now driver search, asked early', () => {
  it('says no driver until one of the car type is online near the pickup, and agrees with booking', async () => {
    const here = ownPlace();
    const pickup = point(here, 'Here');
    const before = await availability(rider, { pickup, carTypeId: 'economy' });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toEqual({ driversNearby: false });
    // The booking's own check says the same thing at the same place.
    const booked = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ bookLater: false, tripdate: null, pickup, drop: point(north(here, 3), 'There') }) });
    expect(booked.body.error?.code).toBe('no_driver_found_alert_messege');

    await onlineDriver(north(here, 1));
    const after = await availability(rider, { pickup, carTypeId: 'economy' });
    expect(after.body).toEqual({ driversNearby: true });
    // Another car type's riders still hear "no driver": the search is the car type's.
    const van = await availability(admin, { pickup, carTypeId: 'van' });
    expect(van.body).toEqual({ driversNearby: false });
  });

  it('needs a pickup and a known car type (select_proper), and refuses anything else in the body', async () => {
    const here = point(ownPlace(), 'Here');
    for (const [body, field] of [
      [{ carTypeId: 'economy' }, 'pickup'],
      [{ pickup: here }, 'carTypeId'],
      [{ pickup: here, carTypeId: 'no-such-type' }, 'carTypeId'],
    ] as const) {
      const res = await availability(rider, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('select_proper');
      expect(res.body.error.details?.[0]?.path).toBe(field);
    }
    for (const body of [
      { pickup: { ...here, lat: 91 }, carTypeId: 'economy' },
      { pickup: here, carTypeId: 'economy', drivers: 3 },
      { pickup: here, carTypeId: 'economy', radius: 500 },
    ]) {
      const res = await availability(rider, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is for riders and admins only', async () => {
    const here = point(ownPlace(), 'Here');
    for (const who of [DEMO.driver, DEMO.fleetadmin]) {
      const res = await availability(await idToken(who), { pickup: here, carTypeId: 'economy' });
      expect(res.status).toBe(403);
    }
  });
});

describe('a parcel type or option of "none" (spec §9: any parcel amount is added)', () => {
  it('prices null as no parcel amount; left out, a choice is still needed', async () => {
    const none = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: OAKLAND, carTypeId: 'van', parcelTypeIndex: null, optionIndex: null } });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.parcelTypeSelected).toBeUndefined();
    expect(none.body.optionSelected).toBeUndefined();
    const chosen = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: OAKLAND, carTypeId: 'van', parcelTypeIndex: 1, optionIndex: 0 } });
    expect(chosen.status).toBe(200);
    // Small box 5 + Fragile handling 3 (the seed's van) on the same route.
    expect(Math.round((chosen.body.totalFare - none.body.totalFare) * 100)).toBe(800);
    const typeOnly = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: OAKLAND, carTypeId: 'van', parcelTypeIndex: 1, optionIndex: null } });
    expect(typeOnly.body.optionSelected).toBeUndefined();
    expect(Math.round((typeOnly.body.totalFare - none.body.totalFare) * 100)).toBe(500);

    const missing = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: OAKLAND, carTypeId: 'van' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('select_proper');
  });

  it('books with "none": the booking carries no parcel and its fare has no parcel amount', async () => {
    const body = await sampleBooking({ carTypeId: 'van', parcelTypeIndex: null, optionIndex: null });
    const res = await api('POST', '/bookings', { token: rider, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.parcelTypeSelected).toBeUndefined();
    expect(res.body.optionSelected).toBeUndefined();
    const est = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: body.pickup, drop: body.drop, carTypeId: 'van', parcelTypeIndex: null, optionIndex: null } });
    expect(res.body.trip_cost).toBe(est.body.estimateFare);
    await api('POST', `/bookings/${res.body.id}/cancel`, { token: rider, body: {} });
  });
});
