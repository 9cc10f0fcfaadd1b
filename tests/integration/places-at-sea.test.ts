import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleBooking } from './support/sample-requests';

/** San Francisco Bay, between the city and Oakland: water in the offline land polygons. */
const BAY = { lat: 37.75, lng: -122.33, add: 'San Francisco Bay' };
/** The Pacific off the Golden Gate. */
const PACIFIC = { lat: 37.7, lng: -123.2, add: 'Pacific Ocean' };
const SF = { lat: 37.7749, lng: -122.4194, add: 'San Francisco, CA, US' };
const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, add: 'Ferry Building' };
const text = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;

let rider: string;
let admin: string;

beforeAll(async () => {
  [rider, admin] = await Promise.all([idToken(DEMO.rider), idToken(DEMO.admin)]);
});

async function bookingIds(token: string): Promise<string[]> {
  const res = await api('GET', '/bookings?limit=100', { token });
  return res.body.items.map((b: { id: string }) => b.id);
}

function expectAtSea(res: { status: number; body: any }, label: string) {
  expect(res.body.error?.code, `${label}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe('place_to_coords_error');
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
}

describe('a point picked at sea is no place (offline geo)', () => {
  it('is refused by every route that takes a picked point: estimate, address, coordinates', async () => {
    const cases: [string, string, unknown][] = [
      ['estimate, pickup in the bay', '/bookings/estimate', { pickup: BAY, drop: SF, carTypeId: 'economy' }],
      ['estimate, drop in the Pacific', '/bookings/estimate', { pickup: SF, drop: PACIFIC, carTypeId: 'economy' }],
      ['address of a point in the bay', '/geo/address', { latlng: text(BAY) }],
      ['coordinates of a typed point in the Pacific', '/geo/coords', { place_id: `pt:${text(PACIFIC)}` }],
    ];
    for (const [label, path, body] of cases) expectAtSea(await api('POST', path, { token: rider, body }), label);
    const typed = await api('POST', '/geo/autocomplete', { token: rider, body: { searchKeyword: text(BAY) } });
    expect(typed.status).toBe(200);
    expect(typed.body.searchResults).toEqual([]);
  });

  it('refuses a booking at sea, by a rider or an admin, now or later, and writes nothing', async () => {
    const [riderBefore, adminBefore] = await Promise.all([bookingIds(rider), bookingIds(admin)]);
    const changes: Record<string, unknown>[] = [
      { pickup: BAY },
      { drop: PACIFIC },
      { pickup: BAY, bookLater: false, tripdate: undefined },
    ];
    for (const change of changes) {
      for (const token of [rider, admin]) {
        expectAtSea(await api('POST', '/bookings', { token, body: await sampleBooking(change) }), JSON.stringify(change));
      }
    }
    expect(await bookingIds(rider)).toEqual(riderBefore);
    expect(await bookingIds(admin)).toEqual(adminBefore);
  });

  it('still serves the waterfront and the city', async () => {
    const address = await api('POST', '/geo/address', { token: rider, body: { latlng: text(FERRY_BUILDING) } });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    const estimate = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: FERRY_BUILDING, drop: SF, carTypeId: 'economy' } });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
  });
});
