import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storablePoint } from '../../shared/src/domain/distance';
import { north, onlineDriver, point } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { withSettings } from './support/settings-helpers';
import { sampleBooking } from './support/sample-requests';
import { driveToDrop, newRider, wallet } from './support/trips';

/**
 * Issue 22 item 9: service areas and zone fees. Admins draw polygons; with no service area
 * everywhere is served; once one exists an estimate or a booking with an end outside all of them
 * is refused (422 outside_service_area) with nothing written; a fee zone's fixed fee is its own
 * line on the estimate, the booking and the receipt, passed through to the driver.
 *
 * Every area this file draws is deleted after each test: the local cloud is shared with other
 * files, whose bookings a service area left in place would refuse. The service areas it draws
 * cover the whole world but a 0.2-degree strip of longitude at 40° E (Arabia), where no other
 * test books, and they stand only for the seconds a test needs them.
 */
const STRIP = 40;
/** A place in the strip: on land (the Arabian desert), outside every area of the test's world. */
const inStrip = () => storablePoint({ lat: 22 + Math.random() * 4, lng: STRIP + (Math.random() - 0.5) * 0.1 });
/** A place of this file's own elsewhere in Arabia, served by the world's areas; its fee zones go around it. */
const ownArabianPlace = () => storablePoint({ lat: 21 + Math.random() * 5, lng: 44 + Math.random() * 4 });

const rect = (south: number, west: number, northLat: number, east: number) => [
  { lat: south, lng: west }, { lat: south, lng: east }, { lat: northLat, lng: east }, { lat: northLat, lng: west },
];
/** The world but the strip, in pieces narrower than 180 degrees of longitude (the polygon rule). */
const WORLD_BUT_STRIP = [rect(-85, -179.9, 85, -70), rect(-85, -70, 85, STRIP - 0.1), rect(-85, STRIP + 0.1, 85, 179.9)];

const cents = (n: number) => Math.round(n * 100);

describe('service areas and zone fees', () => {
  let admin: string;
  const drawn: string[] = [];
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
  });
  afterEach(async () => {
    while (drawn.length) {
      const id = drawn.pop()!;
      const res = await api('DELETE', `/service-areas/${id}`, { token: admin });
      expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
    }
  });
  afterAll(async () => {
    // Belt and braces: nothing of this file's may outlive it.
    const left = await api('GET', '/service-areas', { token: admin });
    for (const a of left.body.items as { id: string; name: string }[]) if (a.name.startsWith('SA test ')) await api('DELETE', `/service-areas/${a.id}`, { token: admin });
  });

  async function draw(body: Record<string, unknown>) {
    const res = await api('POST', '/service-areas', { token: admin, body: { ...body, name: `SA test ${body.name ?? 'area'}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    drawn.push(res.body.id);
    return res.body as { id: string; version: number; polygon: { lat: number; lng: number }[]; fee?: number };
  }
  const estimate = (token: string, pickup: { lat: number; lng: number }, drop: { lat: number; lng: number }) =>
    api('POST', '/bookings/estimate', { token, body: { pickup: point(pickup, 'Pickup'), drop: point(drop, 'Drop'), carTypeId: 'economy' } });

  it('with no service area everywhere is served, as before', async () => {
    const mine = (await api('GET', '/service-areas', { token: admin })).body.items.filter((a: { kind: string }) => a.kind === 'service');
    expect(mine).toEqual([]);
    const rider = await newRider();
    const here = inStrip();
    const res = await estimate(rider.token, here, north(here, 3));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.zone_fees).toBeUndefined();
  });

  it('once a service area exists, an estimate or a booking with an end outside every one is refused with a clear key, and nothing is written', async () => {
    for (const [i, polygon] of WORLD_BUT_STRIP.entries()) await draw({ name: `world ${i}`, kind: 'service', polygon });
    const rider = await newRider();
    const outside = inStrip();
    const inside = ownArabianPlace();

    const served = await estimate(rider.token, inside, north(inside, 3));
    expect(served.status, JSON.stringify(served.body)).toBe(200);

    const pickupOut = await estimate(rider.token, outside, inside);
    expect(pickupOut.status).toBe(422);
    expect(pickupOut.body.error).toMatchObject({ code: 'outside_service_area', message: expect.stringMatching(/do not operate there/), details: [{ path: 'pickup' }] });
    const dropOut = await estimate(rider.token, inside, outside);
    expect(dropOut.status).toBe(422);
    expect(dropOut.body.error).toMatchObject({ code: 'outside_service_area', details: [{ path: 'drop' }] });

    // The booking form's early question says so too, for the pickup, even with a driver right there.
    const driver = await onlineDriver(north(outside, 1));
    const asked = await api('POST', '/bookings/availability', { token: rider.token, body: { pickup: point(outside, 'Out here'), carTypeId: 'economy' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(422);
    expect(asked.body.error).toMatchObject({ code: 'outside_service_area', details: [{ path: 'pickup' }] });
    const askedInside = await api('POST', '/bookings/availability', { token: rider.token, body: { pickup: point(inside, 'In there'), carTypeId: 'economy' } });
    expect(askedInside.status, JSON.stringify(askedInside.body)).toBe(200);

    // A booking: a Book Now by an admin (NEW at once) and a rider's Book Later, each refused; the rider has no booking after.
    const booked = await api('POST', '/bookings', {
      token: admin,
      body: await sampleBooking({ bookLater: false, tripdate: null, riderId: rider.id, pickup: point(outside, 'Out here'), drop: point(inside, 'In there') }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(422);
    expect(booked.body.error.code).toBe('outside_service_area');
    const later = await api('POST', '/bookings', { token: rider.token, body: await sampleBooking({ pickup: point(inside, 'In'), drop: point(outside, 'Out') }) });
    expect(later.status, JSON.stringify(later.body)).toBe(422);
    expect(later.body.error).toMatchObject({ code: 'outside_service_area', details: [{ path: 'drop' }] });
    expect((await api('GET', '/bookings?limit=100', { token: rider.token })).body.items).toEqual([]);
    expect(JSON.stringify((await api('GET', '/drivers/me/offers', { token: driver.token })).body)).not.toContain(rider.id);

    // Deleting the areas serves everywhere again at once.
    while (drawn.length) expect((await api('DELETE', `/service-areas/${drawn.pop()}`, { token: admin })).status).toBe(200);
    expect((await estimate(rider.token, outside, inside)).status).toBe(200);
  }, 60_000);

  it('a fee zone adds its fee as its own line to the estimate, the booking, the driver\'s share and the receipt, never to the convenience fee', async () => {
    const rider = await newRider();
    const here = ownArabianPlace();
    const there = north(here, 3);
    const before = await estimate(rider.token, here, there);
    expect(before.status, JSON.stringify(before.body)).toBe(200);

    const zone = await draw({
      name: 'airport', kind: 'fee', fee: '4.50', feeLabel: 'Airport pickup', feeAppliesTo: 'pickup',
      polygon: [{ lat: here.lat - 0.05, lng: here.lng - 0.05 }, { lat: here.lat - 0.05, lng: here.lng + 0.05 }, { lat: here.lat + 0.02, lng: here.lng + 0.05 }, { lat: here.lat + 0.02, lng: here.lng - 0.05 }],
    });
    expect(zone).toMatchObject({ kind: 'fee', fee: 4.5, feeLabel: 'Airport pickup', feeAppliesTo: 'pickup', version: 1 });

    const after = await estimate(rider.token, here, there);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.zone_fees).toEqual([{ label: 'Airport pickup', amount: 4.5 }]);
    expect(cents(after.body.estimateFare)).toBe(cents(before.body.estimateFare) + 450);
    expect(after.body.totalFare).toBe(before.body.totalFare);
    expect(after.body.convenience_fees).toBe(before.body.convenience_fees);
    expect(cents(after.body.driver_share)).toBe(cents(before.body.driver_share) + 450);
    // The drop is outside the zone ('pickup' only): the reverse trip pays nothing.
    const reverse = await estimate(rider.token, { lat: here.lat + 0.2, lng: here.lng }, here);
    expect(reverse.body.zone_fees).toBeUndefined();

    const driver = await onlineDriver(north(here, 1));
    const booked = await api('POST', '/bookings', {
      token: admin,
      body: await sampleBooking({ bookLater: false, tripdate: null, riderId: rider.id, pickup: point(here, 'Terminal 1'), drop: point(there, 'Hotel') }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.zone_fees).toEqual([{ label: 'Airport pickup', amount: 4.5 }]);
    expect(booked.body.trip_cost).toBe(after.body.estimateFare);
    const accepted = await api('POST', `/bookings/${booked.body.id}/accept`, { token: driver.token, body: {} });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // The zone is deleted mid-trip: the booked trip keeps the fee it was priced with, also when REACHED reprices the driven route.
    expect((await api('DELETE', `/service-areas/${zone.id}`, { token: admin })).status).toBe(200);
    drawn.pop();
    const reached = await driveToDrop(driver, { id: booked.body.id, otp: booked.body.otp });
    expect(reached.zone_fees).toEqual([{ label: 'Airport pickup', amount: 4.5 }]);
    expect(cents(reached.trip_cost) - cents(reached.convenience_fees)).toBe(cents(reached.driver_share));
    const paid = await api('POST', `/bookings/${booked.body.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const receipt = await api('GET', `/bookings/${booked.body.id}/receipt`, { token: rider.token });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.lines).toContainEqual({ kind: 'zone', amount: 4.5, detail: 'Airport pickup' });
    // The fare's parts as REACHED priced them add up beside the zone line (a fee REACHED forgot would leave one lump "fare").
    expect(receipt.body.lines.map((l: { kind: string }) => l.kind)).toContain('distance');
    expect(receipt.body.lines.map((l: { kind: string }) => l.kind)).not.toContain('fare');
    expect(receipt.body.lines.reduce((s: number, l: { amount: number }) => s + cents(l.amount), 0)).toBe(cents(receipt.body.total));
    expect(receipt.body.total).toBe(paid.body.trip_cost);
    // The admin's booking detail carries it too, and the driver is credited the share with the fee in it.
    expect((await api('GET', `/bookings/${booked.body.id}`, { token: admin })).body.zone_fees).toEqual([{ label: 'Airport pickup', amount: 4.5 }]);
    const share = (await wallet(driver.token)).items.find((e) => e.reason === 'TripShare' && e.bookingId === booked.body.id);
    expect(share?.amount).toBe(paid.body.driver_share);
  }, 90_000);

  it('in taxi mode REACHED prices the driven route again and keeps the zone fee fixed at booking', async () => {
    await withSettings({ appMode: 'taxi' }, async () => {
      const rider = await newRider();
      const here = ownArabianPlace();
      const there = north(here, 3);
      await draw({
        name: 'station', kind: 'fee', fee: '2.25', feeLabel: 'Station pickup', feeAppliesTo: 'pickup',
        polygon: [{ lat: here.lat - 0.02, lng: here.lng - 0.02 }, { lat: here.lat - 0.02, lng: here.lng + 0.02 }, { lat: here.lat + 0.01, lng: here.lng }],
      });
      const driver = await onlineDriver(north(here, 1));
      const booked = await api('POST', '/bookings', {
        token: admin,
        body: await sampleBooking({ bookLater: false, tripdate: null, riderId: rider.id, pickup: point(here, 'Station'), drop: point(there, 'Home') }),
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(booked.body.zone_fees).toEqual([{ label: 'Station pickup', amount: 2.25 }]);
      expect((await api('POST', `/bookings/${booked.body.id}/accept`, { token: driver.token, body: {} })).status).toBe(200);
      // The drop is where the driver stopped: the fare is priced again, the zone fee is kept.
      const reached = await driveToDrop(driver, { id: booked.body.id, otp: booked.body.otp }, [north(here, 2), north(here, 5)]);
      expect(reached.zone_fees).toEqual([{ label: 'Station pickup', amount: 2.25 }]);
      const paid = await api('POST', `/bookings/${booked.body.id}/settle`, { token: driver.token, body: { method: 'cash' } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const receipt = (await api('GET', `/bookings/${booked.body.id}/receipt`, { token: rider.token })).body;
      // The parts REACHED priced add up beside the zone line (a fee REACHED forgot would leave one lump "fare").
      const kinds = receipt.lines.map((l: { kind: string }) => l.kind);
      expect(kinds).toContain('distance');
      expect(kinds).not.toContain('fare');
      expect(receipt.lines).toContainEqual({ kind: 'zone', amount: 2.25, detail: 'Station pickup' });
      expect(receipt.total).toBe(reached.trip_cost);
    });
  }, 90_000);

  it('admins list, edit (with the version) and delete areas; a stale edit and a missing area say so', async () => {
    const here = ownArabianPlace();
    const square = rect(here.lat, here.lng, here.lat + 0.01, here.lng + 0.01);
    const zone = await draw({ name: 'station', kind: 'fee', fee: 2, polygon: [...square, square[0]] });
    expect(zone.polygon).toHaveLength(4); // the closing corner is dropped
    const listed = await api('GET', '/service-areas', { token: admin });
    expect(listed.body.items.find((a: { id: string }) => a.id === zone.id)).toMatchObject({ name: 'SA test station', kind: 'fee', fee: 2, feeLabel: 'SA test station', feeAppliesTo: 'pickup' });

    const edited = await api('PUT', `/service-areas/${zone.id}`, { token: admin, body: { version: 1, area: { name: 'SA test station 2', kind: 'fee', fee: '3.25', feeLabel: 'Station', feeAppliesTo: 'either', polygon: square } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, fee: 3.25, feeAppliesTo: 'either', name: 'SA test station 2' });
    const stale = await api('PUT', `/service-areas/${zone.id}`, { token: admin, body: { version: 1, area: { name: 'SA test x', kind: 'service', polygon: square } } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('service_area_moved_on');
    // A service area keeps no fee.
    const toService = await api('PUT', `/service-areas/${zone.id}`, { token: admin, body: { version: 2, area: { name: 'SA test city', kind: 'service', fee: 5, polygon: square } } });
    expect(toService.status, JSON.stringify(toService.body)).toBe(200);
    expect(toService.body.fee).toBeUndefined();
    expect((await api('DELETE', `/service-areas/${zone.id}`, { token: admin })).status).toBe(200);
    const again = await api('DELETE', `/service-areas/${zone.id}`, { token: admin });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('service_area_not_found');
    const missing = await api('PUT', `/service-areas/${zone.id}`, { token: admin, body: { version: 3, area: { name: 'SA test y', kind: 'service', polygon: square } } });
    expect(missing.status).toBe(404);
  });

  it('bad polygons and fee zones without a fee are refused with a key, and nothing is drawn', async () => {
    const count = async () => (await api('GET', '/service-areas', { token: admin })).body.items.length as number;
    const before = await count();
    const cases: [unknown, string][] = [
      [[{ lat: 1, lng: 1 }, { lat: 1, lng: 2 }], 'service_area_polygon_invalid'],
      [[], 'service_area_polygon_invalid'],
      [[{ lat: 95, lng: 1 }, { lat: 1, lng: 2 }, { lat: 2, lng: 2 }], 'service_area_polygon_invalid'],
      [[{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, { lat: 0, lng: 2 }], 'service_area_polygon_invalid'],
      [[{ lat: 0, lng: -100 }, { lat: 0, lng: 100 }, { lat: 10, lng: 0 }], 'service_area_polygon_invalid'],
      [[{ lat: 0, lng: 0 }, { lat: 1, lng: 1 }, { lat: 1, lng: 0 }, { lat: 0, lng: 1 }], 'service_area_polygon_self_intersects'],
    ];
    for (const [polygon, code] of cases) {
      const res = await api('POST', '/service-areas', { token: admin, body: { name: 'SA test bad', kind: 'service', polygon } });
      expect(res.status, JSON.stringify(polygon)).toBe(400);
      expect(res.body.error.code, JSON.stringify(polygon)).toBe(code);
    }
    const tooMany = Array.from({ length: 102 }, (_, i) => ({ lat: Math.sin(i / 16), lng: Math.cos(i / 16) }));
    expect((await api('POST', '/service-areas', { token: admin, body: { name: 'SA test big', kind: 'service', polygon: tooMany } })).status).toBe(400);
    const triangle = [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, { lat: 1, lng: 0 }];
    for (const fee of [undefined, 0, '-1', '1.234', 600]) {
      const res = await api('POST', '/service-areas', { token: admin, body: { name: 'SA test fee', kind: 'fee', polygon: triangle, ...(fee === undefined ? {} : { fee }) } });
      expect(res.status, String(fee)).toBe(400);
      expect(res.body.error.code, String(fee)).toBe('service_area_fee_invalid');
    }
    expect(await count()).toBe(before);
  });

  it('only admins may see or change areas', async () => {
    const triangle = [{ lat: -84, lng: 70 }, { lat: -84, lng: 70.1 }, { lat: -83.9, lng: 70.05 }];
    const zone = await draw({ name: 'guarded', kind: 'fee', fee: 1, polygon: triangle });
    for (const who of [DEMO.rider, DEMO.driver, DEMO.fleetadmin]) {
      const token = await idToken(who);
      expect((await api('GET', '/service-areas', { token })).status, who).toBe(403);
      expect((await api('POST', '/service-areas', { token, body: { name: 'SA test sneaky', kind: 'service', polygon: triangle } })).status, who).toBe(403);
      expect((await api('PUT', `/service-areas/${zone.id}`, { token, body: { version: 1, area: { name: 'SA test sneaky', kind: 'service', polygon: triangle } } })).status, who).toBe(403);
      expect((await api('DELETE', `/service-areas/${zone.id}`, { token })).status, who).toBe(403);
    }
    expect((await api('GET', '/service-areas')).status).toBe(401);
    const still = (await api('GET', '/service-areas', { token: admin })).body.items.find((a: { id: string }) => a.id === zone.id);
    expect(still).toMatchObject({ kind: 'fee', version: 1 });
  });
});
