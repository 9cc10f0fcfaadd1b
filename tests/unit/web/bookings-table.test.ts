import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { BookingView } from '../../../shared/src/contract';
import { columnDefinitions, csvColumns, EMPTY_VALUE, reconcileContentDisplay, withEmptyMark } from '../../../web/src/components/collection/column-config';
import { bookingColumns } from '../../../web/src/pages/bookings/booking-columns';
import { audienceTopic, bookingFormat } from '../../../web/src/features/booking/booking-format';
import { fetchAllBookings, MAX_PAGES, NO_SERVER_FILTERS, serverQuery } from '../../../web/src/pages/bookings/booking-query';
import type { ApiClient } from '../../../web/src/api/client';

/** Keys with their options, so a test sees which text and values a screen asked for. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.entries(options).map(([k, v]) => `${k}=${String(v)}`).join(',')})` : key) as unknown as TFunction;

const booking: BookingView = {
  id: 'BK1', booking_id: 'BK1', carType: 'Economy', customer: 'u1', customer_name: 'Rita Rider', customer_email: 'r@example.com',
  customer_contact: '+1555', pickup: { lat: 1, lng: 2, add: 'A' }, drop: { lat: 3, lng: 4, add: 'B' }, pickupAddress: 'A', dropAddress: 'B',
  estimate: 30.49, estimateDistance: 17.3, estimateTime: 1338, distanceUnit: 'km', status: 'NEW', bookLater: true, tripdate: Date.UTC(2026, 10, 23, 1, 16),
  bookingDate: Date.UTC(2026, 10, 22, 22, 46), booking_type_admin: true, trip_cost: 30.49, convenience_fees: 2.77, driver_share: 27.72,
  parcelTypeSelected: { description: 'Small box', amount: 5 }, deliveryPerson: 'Pat', offersOut: 0, dispatchRound: 0, dispatchRounds: 3,
};

describe('column preferences kept across column changes', () => {
  const defaults = [
    { id: 'a', visible: true },
    { id: 'b', visible: true },
    { id: 'c', visible: false },
    { id: 'd', visible: true },
  ];

  it('keeps the user\'s order and choices, drops columns that are gone, adds new ones where they belong', () => {
    const stored = [
      { id: 'd', visible: false },
      { id: 'gone', visible: true },
      { id: 'a', visible: true },
    ];
    expect(reconcileContentDisplay(stored, defaults)).toEqual([
      { id: 'd', visible: false },
      { id: 'a', visible: true },
      { id: 'b', visible: true },
      { id: 'c', visible: false },
    ]);
  });

  it('gives the defaults when nothing is stored', () => {
    expect(reconcileContentDisplay([], defaults)).toEqual(defaults);
  });
});

describe('bookings table columns (spec §2)', () => {
  const format = bookingFormat(t, 'en-US', '$');
  const ctx = { format, tripHref: (id: string) => `/trip?id=${id}`, onFollow: () => undefined };
  const DELIVERY_ONLY = ['deliveryPerson', 'deliveryPersonPhone', 'pickUpInstructions', 'deliveryInstructions', 'parcelTypeSelected', 'optionSelected', 'pickup_image', 'deliver_image'];

  it('has every §2 column in delivery mode and none of the delivery-only ones in taxi mode', () => {
    const delivery = bookingColumns({ ...ctx, delivery: true }).map((c) => c.id);
    const taxi = bookingColumns({ ...ctx, delivery: false }).map((c) => c.id);
    // The §2 columns, the receipt link and the stops (in both modes).
    expect(delivery).toHaveLength(35);
    expect(delivery).toContain('receipt');
    expect(delivery).toContain('stops');
    expect(taxi).toContain('stops');
    for (const id of DELIVERY_ONLY) {
      expect(delivery).toContain(id);
      expect(taxi).not.toContain(id);
    }
    expect(taxi).toHaveLength(35 - DELIVERY_ONLY.length);
  });

  it('shows money with the currency symbol and exports plain numbers and ISO dates', () => {
    const columns = bookingColumns({ ...ctx, delivery: true });
    const byId = new Map(columns.map((c) => [c.id, c]));
    expect(byId.get('trip_cost')!.text(booking)).toBe('$30.49');
    expect(byId.get('parcelTypeSelected')!.text(booking)).toBe('priced_item(description=Small box,amount=$5.00)');
    expect(byId.get('distance')!.text(booking)).toBe('distance_with_unit(distance=17.3,unit=unit_km)');
    const csv = new Map(csvColumns(columns).map((c) => [c.header, c.value(booking)]));
    expect(csv.get('col_trip_cost')).toBe('30.49');
    expect(csv.get('col_booking_date')).toBe('2026-11-23T01:16:00.000Z');
    expect(csv.get('col_booking_status')).toBe('NEW');
    expect(csv.get('col_parcel_type')).toBe('Small box: 5.00');
  });

  it('marks a value the booking does not have with a dash, never an empty cell or a bare card label', () => {
    const cells = withEmptyMark(columnDefinitions(bookingColumns({ ...ctx, delivery: true }), 'en-US'));
    const bare = { ...booking, stops: undefined, driver_name: undefined, deliveryPerson: undefined };
    const byId = new Map(cells.map((c) => [c.id, c.cell(bare)]));
    expect(byId.get('stops')).toBe(EMPTY_VALUE);
    expect(byId.get('driver_name')).toBe(EMPTY_VALUE);
    expect(byId.get('deliveryPerson')).toBe(EMPTY_VALUE);
    expect([...byId].filter(([, v]) => v === '' || v === null || v === undefined)).toEqual([]);
    // A zero is a value.
    expect(withEmptyMark([{ id: 'n', header: 'n', cell: () => 0 }])[0]!.cell({})).toBe(0);
  });

  it('sorts statuses in lifecycle order', () => {
    const status = columnDefinitions(bookingColumns({ ...ctx, delivery: false }), 'en-US').find((c) => c.id === 'status')!;
    const sorted = (['CANCELLED', 'NEW', 'PAYMENT_PENDING'] as const).map((s) => ({ ...booking, status: s })).sort(status.sortingComparator);
    expect(sorted.map((b) => b.status)).toEqual(['PAYMENT_PENDING', 'NEW', 'CANCELLED']);
  });

  it('formats trip times as hours and minutes', () => {
    expect(format.duration(1338)).toBe('duration_minutes(minutes=22)');
    expect(format.duration(3900)).toBe('duration_hours_minutes(hours=1,minutes=5)');
  });
});

describe('bookings by audience and the server filters', () => {
  it('follows the topic of the caller\'s list (spec §6)', () => {
    expect(audienceTopic('admin', 'u1')).toBe('bookings/all');
    expect(audienceTopic('rider', 'u1')).toBe('bookings/customer/u1');
    expect(audienceTopic('driver', 'u1')).toBe('bookings/driver/u1');
    expect(audienceTopic('fleetadmin', 'u1')).toBe('bookings/fleet/u1');
    expect(audienceTopic(null, 'u1')).toBeUndefined();
  });

  it('sends statuses comma-separated and whole local days as the trip-date range', () => {
    const query = serverQuery({ statuses: ['NEW', 'ACCEPTED'], range: { type: 'absolute', startDate: '2026-11-01', endDate: '2026-11-02' } });
    expect(query.status).toBe('NEW,ACCEPTED');
    expect(query.from).toBe(Date.UTC(2026, 10, 1));
    expect(query.to).toBe(Date.UTC(2026, 10, 3) - 1);
    expect(serverQuery(NO_SERVER_FILTERS)).toEqual({});
    // The operator's days, whatever the device's clock: Los Angeles midnight is 07:00 UTC in summer time, 08:00 after 1 November.
    const la = serverQuery({ statuses: [], range: { type: 'absolute', startDate: '2026-10-31', endDate: '2026-11-01' } }, 'America/Los_Angeles');
    expect(la).toEqual({ from: Date.UTC(2026, 9, 31, 7), to: Date.UTC(2026, 10, 2, 8) - 1 });
  });

  it('follows next cursors with the filters, and stops at the cap', async () => {
    const queries: unknown[] = [];
    const api = {
      fetchBookings: async ({ query }: { query: { cursor?: string } }) => {
        queries.push(query);
        const n = Number(query.cursor ?? 0);
        return { items: [{ ...booking, id: `BK${n}` }], next: n < 2 ? String(n + 1) : undefined };
      },
    } as unknown as ApiClient;
    const result = await fetchAllBookings(api, { statuses: ['NEW'], range: null }, new AbortController().signal);
    expect(result.items.map((b) => b.id)).toEqual(['BK0', 'BK1', 'BK2']);
    expect(result.truncated).toBe(false);
    expect(queries[1]).toEqual({ status: 'NEW', limit: 100, cursor: '1' });

    const endless = { fetchBookings: async () => ({ items: [booking], next: 'more' }) } as unknown as ApiClient;
    const capped = await fetchAllBookings(endless, NO_SERVER_FILTERS, new AbortController().signal);
    expect(capped.items).toHaveLength(MAX_PAGES);
    expect(capped.truncated).toBe(true);
  });
});
