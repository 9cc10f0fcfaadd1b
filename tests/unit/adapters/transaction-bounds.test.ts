import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchPolicy, MAX_LIVE_OFFERS, pickBatch } from '../../../shared/src/domain/dispatch';
import type { BookingRecord, OfferRecord } from '../../../lambdas/src/ports/bookings';

// The table's client, replaced: what matters is how many items each write puts in one transaction.
const transactions: number[] = [];
const sent: string[] = [];
vi.mock('../../../lambdas/src/adapters/dynamodb/client', () => ({
  documentClient: () => ({
    send: async (command: { constructor: { name: string }; input: { TransactItems?: unknown[] } }) => {
      sent.push(command.constructor.name);
      if (command.input.TransactItems) transactions.push(command.input.TransactItems.length);
      return {};
    },
  }),
  tableName: () => 'table',
}));

const { table, MAX_TRANSACTION_ITEMS, TransactionTooLargeError } = await import('../../../lambdas/src/adapters/dynamodb/repository');
const { bookingRepository } = await import('../../../lambdas/src/adapters/dynamodb/booking-repository');
const { tripRepository } = await import('../../../lambdas/src/adapters/dynamodb/trip-repository');
const { cancelBooking } = await import('../../../lambdas/src/use-cases/cancel-booking');
const { acceptBooking } = await import('../../../lambdas/src/use-cases/accept-booking');
const { assignDriver } = await import('../../../lambdas/src/use-cases/assign-driver');

const drivers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `driver-${from + i}`);
const point = { lat: 1, lng: 2, add: 'Here' };

function booking(fields: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: 'b1', booking_id: 'b1', carType: 'Economy', carTypeId: 'economy', customer: 'rider-1', customer_name: 'R', customer_email: 'r@x', customer_contact: '+1',
    pickup: point, drop: point, pickupAddress: 'Here', dropAddress: 'There', estimate: 1000, estimateDistance: 3, estimateTime: 600, distanceUnit: 'km',
    status: 'NEW', bookLater: false, tripdate: 1_700_000_000_000, bookingDate: 1_700_000_000_000, booking_type_admin: false, createdByAdmin: true,
    coords: [], polylinePoints: '', trip_cost: 1000, convenience_fees: 100, driver_share: 900,
    requestedDrivers: {}, asked: {}, dispatchRound: 1, dispatchRounds: 3, version: 7,
    // A prepaid booking: its cancel also refunds the rider, the largest cancel there is.
    prepaid: true, customer_paid: 1000,
    ...fields,
  };
}
const holding = (uids: string[], round = 1) => ({
  requestedDrivers: Object.fromEntries(uids.map((d) => [d, true as const])),
  asked: Object.fromEntries(uids.map((d) => [d, round])),
});
function offer(driver: string, round: number): OfferRecord {
  return {
    bookingId: 'b1', driver, offeredAt: 1, expiresAt: 20_001, round, carType: 'Economy', pickup: point, drop: point,
    estimate: 1000, driver_share: 900, estimateDistance: 3, distanceUnit: 'km', tripdate: 1, bookLater: false, assignedByAdmin: false,
  };
}
const settings = { AllowCriticalEditsAdmin: true, autoDispatch: false, symbol: '$' } as never;
const admin = { profile: { id: 'admin-1', usertype: 'admin', walletBalance: 0 }, settings } as never;
const now = () => new Date(10_000);

beforeEach(() => {
  transactions.length = 0;
  sent.length = 0;
});

describe('the transaction builder', () => {
  it(`refuses more than ${MAX_TRANSACTION_ITEMS} items with an error naming the limit, and sends nothing`, async () => {
    const items = Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, (_, i) => ({ Delete: { Key: { pk: `P#${i}`, sk: 'S' } } }));
    await expect(table.transact(items)).rejects.toThrow(TransactionTooLargeError);
    await expect(table.transactOrFailed(items)).rejects.toThrow(/101 items exceeds DynamoDB's limit of 100/);
    expect(sent).toEqual([]);
  });

  it(`sends exactly ${MAX_TRANSACTION_ITEMS} items`, async () => {
    await table.transact(Array.from({ length: MAX_TRANSACTION_ITEMS }, (_, i) => ({ Delete: { Key: { pk: `P#${i}`, sk: 'S' } } })));
    expect(transactions).toEqual([MAX_TRANSACTION_ITEMS]);
  });
});

describe(`live offers are capped at ${MAX_LIVE_OFFERS} per booking, whatever the settings`, () => {
  it('a round never asks more drivers than the cap, and fills only what admin assignments leave', () => {
    expect(dispatchPolicy({ dispatchBatchSize: 500 }).batchSize).toBe(MAX_LIVE_OFFERS);
    const near = drivers(50).map((uid, i) => ({ uid, distanceKm: i / 100 }));
    const policy = { radiusKm: 10, rounds: 1, batchSize: MAX_LIVE_OFFERS };
    expect(pickBatch(near, new Set(), policy, 1)).toHaveLength(MAX_LIVE_OFFERS);
    expect(pickBatch(near, new Set(), policy, 1, MAX_LIVE_OFFERS - 3)).toHaveLength(3);
    expect(pickBatch(near, new Set(), policy, 1, MAX_LIVE_OFFERS)).toHaveLength(0);
  });

  it('an admin cannot assign a booking that already holds the cap: 409 offers_at_limit, nothing written', async () => {
    const full = booking(holding(drivers(MAX_LIVE_OFFERS), 0));
    const driver = { id: 'driver-new', usertype: 'driver', approved: true, online: true, carType: 'Economy' } as never;
    await expect(assignDriver({ bookings: bookingRepository, now }, admin, full, driver)).rejects.toMatchObject({ status: 409, code: 'offers_at_limit' });
    expect(sent).toEqual([]);
  });

  it('offer writes refuse to leave a booking beyond the cap (a bug, never a write)', async () => {
    const full = booking(holding(drivers(MAX_LIVE_OFFERS), 0));
    await expect(bookingRepository.assign(full, offer('driver-new', 0), [])).rejects.toThrow(/at most 20 live offers/);
    const round = { round: 2, endsAt: 40_000, offers: [offer('driver-new', 2)], lapsed: [], messages: [] };
    await expect(bookingRepository.offerRound(full, round)).rejects.toThrow(/at most 20 live offers/);
    expect(sent).toEqual([]);
  });
});

describe(`every write whose size follows the offers fits one transaction at the cap (${MAX_LIVE_OFFERS})`, () => {
  it('an admin cancels a prepaid NEW booking held by the cap: booking, every offer, every driver and the rider told, the refund', async () => {
    await cancelBooking({ bookings: bookingRepository, trips: tripRepository, now }, admin, booking(holding(drivers(MAX_LIVE_OFFERS))), { reason: 'r' });
    // booking + 20 offers + 21 messages + the rider's balance + refund entry and claim + the dispatch story's event
    expect(transactions).toEqual([1 + MAX_LIVE_OFFERS + (MAX_LIVE_OFFERS + 1) + 3 + 1]);
  });

  it('the system gives up on a prepaid booking held by the cap', async () => {
    const b = booking(holding(drivers(MAX_LIVE_OFFERS)));
    const messages = [{ to: 'rider-1' }, ...drivers(MAX_LIVE_OFFERS).map((to) => ({ to }))].map((m) => ({ ...m, kind: 'offer_withdrawn', title: 't', body: 'b', bookingId: 'b1' }));
    await bookingRepository.cancel(b, { reason: 'r', cancelledBy: 'system', at: 10_000, messages: messages as never, movements: [{ uid: 'rider-1', type: 'Credit', amount: 1000, reason: 'Refund', txRef: 'booking:b1:refund', bookingId: 'b1' }] });
    expect(transactions[0]).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });

  it('one of the cap accepts: its offer taken, every other revoked', async () => {
    const me = drivers(1)[0]!;
    const account = { profile: { id: me, usertype: 'driver', firstName: 'D', lastName: 'D', walletBalance: 0 }, settings } as never;
    await acceptBooking({ bookings: bookingRepository, trips: tripRepository, now }, account, {
      booking: booking(holding(drivers(MAX_LIVE_OFFERS))), offer: offer(me, 1), state: { uid: me, indexedCell: 'abcde' } as never,
    });
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });

  it('a round that lapses the cap and offers the cap anew', async () => {
    const b = booking(holding(drivers(MAX_LIVE_OFFERS), 1));
    const fresh = drivers(MAX_LIVE_OFFERS, 100);
    const round = {
      round: 2, endsAt: 40_000, offers: fresh.map((d) => offer(d, 2)), lapsed: drivers(MAX_LIVE_OFFERS),
      messages: fresh.map((to) => ({ to, kind: 'new_booking', title: 't', body: 'b', bookingId: 'b1' })),
      story: { round: 2, at: 10_000, roundRadiusKm: 1, radiusKm: 3, seen: 0, omitted: 0, entries: [] },
    };
    await bookingRepository.offerRound({ ...b, requestedDrivers: b.requestedDrivers }, round as never);
    // booking + (offer, driver check, message) per new offer + one delete per lapsed offer + the round's story
    expect(transactions).toEqual([1 + 3 * MAX_LIVE_OFFERS + MAX_LIVE_OFFERS + 1]);
    expect(transactions[0]).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });

  it('a booking made with the cap of first offers and an idempotency key', async () => {
    const fresh = drivers(MAX_LIVE_OFFERS);
    const round = {
      round: 1, endsAt: 20_000, offers: fresh.map((d) => offer(d, 1)), lapsed: [],
      messages: fresh.map((to) => ({ to, kind: 'new_booking', title: 't', body: 'b', bookingId: 'b1' })),
    };
    await bookingRepository.create(booking({ prepaid: false, customer_paid: undefined }), { round: round as never, idempotency: { uid: 'rider-1', key: 'k', fingerprint: 'f' }, demandDay: '2026-01-01' });
    expect(transactions[0]).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });
});
