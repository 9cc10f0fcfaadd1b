import { describe, expect, it } from 'vitest';
import { coveringCells } from '../../../lambdas/src/adapters/dynamodb/presence-repository';
import { topicsFor } from '../../../lambdas/src/use-cases/fan-out-change';
import { mayFollow } from '../../../lambdas/src/use-cases/manage-subscription';
import { distanceKm } from '../../../shared/src/domain/distance';
import geohash from 'ngeohash';

const booking = { customer: 'r1', driver: 'd1', fleetadmin: 'f1', requestedDrivers: { d2: true as const } };
const deps = { bookings: { get: async (id: string) => (id === 'BK1' ? booking as never : undefined) } };

describe('who may follow a topic (the same people who may read it)', () => {
  const cases: [string, { uid: string; role: string }, boolean][] = [
    ['bookings/all', { uid: 'a', role: 'admin' }, true],
    ['bookings/all', { uid: 'f1', role: 'fleetadmin' }, false],
    ['bookings/customer/r1', { uid: 'r1', role: 'rider' }, true],
    ['bookings/customer/r1', { uid: 'r2', role: 'rider' }, false],
    ['bookings/driver/d1', { uid: 'd1', role: 'driver' }, true],
    ['bookings/driver/d1', { uid: 'd1', role: 'rider' }, false],
    ['bookings/fleet/f1', { uid: 'f1', role: 'fleetadmin' }, true],
    ['bookings/fleet/f1', { uid: 'f2', role: 'fleetadmin' }, false],
    ['offers/d1', { uid: 'd1', role: 'driver' }, true],
    ['offers/d1', { uid: 'd2', role: 'driver' }, false],
    ['messages/r1', { uid: 'r1', role: 'rider' }, true],
    ['messages/r1', { uid: 'a', role: 'admin' }, false],
    ['booking/BK1', { uid: 'r1', role: 'rider' }, true],
    ['booking/BK1', { uid: 'r2', role: 'rider' }, false],
    ['booking/BK1', { uid: 'd2', role: 'driver' }, true],
    ['booking/BK1', { uid: 'd3', role: 'driver' }, false],
    ['booking/BK1', { uid: 'f1', role: 'fleetadmin' }, true],
    ['booking/BK1', { uid: 'f2', role: 'fleetadmin' }, false],
    ['booking/BK2', { uid: 'a', role: 'admin' }, false],
    // A trip's tracking: whoever may read the booking; its chat: the rider, the assigned driver, admins.
    ['tracking/BK1', { uid: 'r1', role: 'rider' }, true],
    ['tracking/BK1', { uid: 'r2', role: 'rider' }, false],
    ['tracking/BK1', { uid: 'f1', role: 'fleetadmin' }, true],
    ['tracking/BK1', { uid: 'd3', role: 'driver' }, false],
    ['chat/BK1', { uid: 'r1', role: 'rider' }, true],
    ['chat/BK1', { uid: 'd1', role: 'driver' }, true],
    ['chat/BK1', { uid: 'd2', role: 'driver' }, false],
    ['chat/BK1', { uid: 'f1', role: 'fleetadmin' }, false],
    ['chat/BK1', { uid: 'r2', role: 'rider' }, false],
    ['chat/BK1', { uid: 'a', role: 'admin' }, true],
    // The dashboard map's positions: every driver for admins, a fleet's own for its fleet admin.
    ['drivers/all', { uid: 'a', role: 'admin' }, true],
    ['drivers/all', { uid: 'f1', role: 'fleetadmin' }, false],
    ['drivers/all', { uid: 'r1', role: 'rider' }, false],
    ['drivers/all', { uid: 'd1', role: 'driver' }, false],
    ['drivers/fleet/f1', { uid: 'f1', role: 'fleetadmin' }, true],
    ['drivers/fleet/f1', { uid: 'f2', role: 'fleetadmin' }, false],
    ['drivers/fleet/f1', { uid: 'f1', role: 'driver' }, false],
    ['drivers/fleet/f1', { uid: 'f1', role: 'rider' }, false],
    ['drivers/fleet/f1', { uid: 'd1', role: 'driver' }, false],
    ['drivers/fleet/f1', { uid: 'a', role: 'admin' }, true],
    // SOS alerts: every alert for admins; the alerts of a fleet's drivers' trips for its fleet admin.
    ['sos', { uid: 'a', role: 'admin' }, true],
    ['sos', { uid: 'f1', role: 'fleetadmin' }, false],
    ['sos', { uid: 'd1', role: 'driver' }, false],
    ['sos/fleet/f1', { uid: 'f1', role: 'fleetadmin' }, true],
    ['sos/fleet/f1', { uid: 'f2', role: 'fleetadmin' }, false],
    ['sos/fleet/f1', { uid: 'f1', role: 'driver' }, false],
    ['sos/fleet/f1', { uid: 'f1', role: 'rider' }, false],
    ['sos/fleet/f1', { uid: 'a', role: 'admin' }, true],
    // The users tables: every rider, driver or fleet admin for admins; a fleet's own drivers for its fleet admin.
    ['users/rider', { uid: 'a', role: 'admin' }, true],
    ['users/driver', { uid: 'a', role: 'admin' }, true],
    ['users/fleetadmin', { uid: 'a', role: 'admin' }, true],
    ['users/driver', { uid: 'f1', role: 'fleetadmin' }, false],
    ['users/rider', { uid: 'r1', role: 'rider' }, false],
    ['users/driver', { uid: 'd1', role: 'driver' }, false],
    ['users/admin', { uid: 'a', role: 'admin' }, false],
    ['users/fleet/f1', { uid: 'f1', role: 'fleetadmin' }, true],
    ['users/fleet/f1', { uid: 'f2', role: 'fleetadmin' }, false],
    ['users/fleet/f1', { uid: 'f1', role: 'driver' }, false],
    ['users/fleet/f1', { uid: 'a', role: 'admin' }, true],
  ];
  it.each(cases)('%s for %o: %s', async (topic, who, allowed) => {
    expect(await mayFollow(topic, who, deps)).toBe(allowed);
  });
});

describe('which topics a change concerns', () => {
  it('tells a booking\'s audiences, a driver\'s offers and a user\'s messages; pings and index entries nobody', () => {
    expect(topicsFor('BOOKING#BK1', 'BOOKING', { customer: 'r1', driver: 'd1', fleetadmin: 'f1' }).map((t) => t.topic).sort())
      .toEqual(['booking/BK1', 'bookings/all', 'bookings/customer/r1', 'bookings/driver/d1', 'bookings/fleet/f1']);
    expect(topicsFor('USER#d1', 'OFFER#BK1')).toEqual([{ topic: 'offers/d1', id: 'BK1' }]);
    // A message travels with its text, so the open browser can show it without a re-read.
    expect(topicsFor('USER#r1', 'MSG#0001#x', { id: 'm1', at: 5, to: 'r1', kind: 'trip_started', title: 'Trip started', body: 'On its way', bookingId: 'BK1', expiresAt: 9 }))
      .toEqual([{ topic: 'messages/r1', id: 'm1', data: { id: 'm1', at: 5, kind: 'trip_started', title: 'Trip started', body: 'On its way', bookingId: 'BK1' } }]);
    expect(topicsFor('USER#d1', 'DRIVER')).toEqual([]);
    // A profile is a row of its type's users table and of its fleet's drivers table; admins are in none.
    expect(topicsFor('USER#d1', 'PROFILE', { usertype: 'driver', fleetadmin: 'f1' }).map((t) => t.topic))
      .toEqual(['user/d1', 'users/driver', 'users/fleet/f1']);
    expect(topicsFor('USER#r1', 'PROFILE', { usertype: 'rider' }).map((t) => t.topic)).toEqual(['user/r1', 'users/rider']);
    expect(topicsFor('USER#f1', 'PROFILE', { usertype: 'fleetadmin' }).map((t) => t.topic)).toEqual(['user/f1', 'users/fleetadmin']);
    expect(topicsFor('USER#a', 'PROFILE', { usertype: 'admin' }).map((t) => t.topic)).toEqual(['user/a']);
    // An SOS alert: every admin, and the fleet admin of the trip's driver when it has one.
    expect(topicsFor('SOS', 'ALERT#0001-a', { fleetadmin: 'f1' })).toEqual([{ topic: 'sos', id: '0001-a' }, { topic: 'sos/fleet/f1', id: '0001-a' }]);
    expect(topicsFor('SOS', 'ALERT#0001-a', {})).toEqual([{ topic: 'sos', id: '0001-a' }]);
    // Tracking points and chat messages travel with their payload (and nothing else of the item).
    expect(topicsFor('BOOKING#BK1', 'TRACK#0001#p1', { id: 'p1', at: 1, status: 'STARTED', lat: 1.5, lng: 2.5, bookingId: 'BK1', expiresAt: 9 }))
      .toEqual([{ topic: 'tracking/BK1', id: 'p1', data: { id: 'p1', at: 1, status: 'STARTED', lat: 1.5, lng: 2.5 } }]);
    expect(topicsFor('BOOKING#BK1', 'CHAT#0001#c1', { id: 'c1', at: 1, message: 'hi', from: 'r1', type: 'msg', msgDate: 'd', msgTime: 't', source: 'rider', bookingId: 'BK1' })[0])
      .toMatchObject({ topic: 'chat/BK1', data: { message: 'hi', from: 'r1', source: 'rider' } });
    expect(topicsFor('USER#d1', 'WALLET#0001#x')).toEqual([]);
    expect(topicsFor('GEO#9q8y', '9q8yy#d1')).toEqual([]);
    expect(topicsFor('JOBS', '0001#x')).toEqual([]);
  });
});

describe('geo index cells', () => {
  it('cover every point of the radius with few fine cells, and switch to coarse cells for wide searches', () => {
    const center = { lat: 37.7749, lng: -122.4194 };
    const { precision, cells } = coveringCells(center, 10);
    expect(precision).toBe(5);
    expect(cells.length).toBeLessThanOrEqual(48);
    for (let i = 0; i < 500; i++) {
      const angle = Math.random() * 2 * Math.PI;
      const r = Math.random() * 10;
      const p = { lat: center.lat + (r / 111.32) * Math.cos(angle), lng: center.lng + (r / (111.32 * Math.cos((center.lat * Math.PI) / 180))) * Math.sin(angle) };
      if (distanceKm(center, p) > 10) continue;
      expect(cells).toContain(geohash.encode(p.lat, p.lng, 5));
    }
    expect(coveringCells(center, 60).precision).toBe(4);
  });
});
