import { conflict, DomainError } from '../../../../shared/src/domain/errors';
import type { BookingAudience, BookingListQuery, BookingRecord, BookingStore, OfferRecord, OfferRound } from '../../ports/bookings';
import type { OutgoingMessage } from '../../ports/notifier';
import { decodeCursor, encodeCursor } from './cursor';
import { demandUpdate } from './demand-repository';
import { keys } from './keys';
import { messageItems } from './message-items';
import { stripKeys, table, type Item, type TransactItem } from './repository';
import { ledgerItems } from './wallet-repository';
import type { WalletMovement } from '../../../../shared/src/domain/wallet-ledger';
import { assertLiveOffersWithinCap } from '../../../../shared/src/domain/dispatch';
import { settleRoundStory } from '../../../../shared/src/domain/dispatch-story';
import { roundStoryPut, storyEventPut } from './dispatch-story-repository';

/** Bookings before this year do not exist: the admin list stops walking back here. */
export const FIRST_BOOKING_YEAR = 2020;
/** Offers are cleaned up by DynamoDB's TTL this long after they stop mattering. */
const OFFER_CLEANUP_SECONDS = 60 * 60;
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A page may be short after a status filter; this many reads at most fill it. */
const MAX_READS_PER_PAGE = 10;

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();

export function bookingItem(b: BookingRecord): Item & { pk: string; sk: string } {
  const sort = keys.bookingSort(b.tripdate, b.id);
  return {
    ...keys.booking(b.id),
    gsi1pk: keys.bookingsByCustomerPk(b.customer), gsi1sk: sort,
    gsi3pk: keys.bookingsByYearPk(yearOf(b.tripdate)), gsi3sk: sort,
    ...(b.driver ? { gsi2pk: keys.bookingsByDriverPk(b.driver), gsi2sk: sort } : {}),
    ...(b.fleetadmin ? { gsi4pk: keys.bookingsByFleetPk(b.fleetadmin), gsi4sk: sort } : {}),
    ...b,
  };
}

export function offerItem(o: OfferRecord): Item & { pk: string; sk: string } {
  const { expiresAt, ...rest } = o;
  return {
    ...keys.offer(o.driver, o.bookingId),
    ...rest,
    ...(expiresAt !== undefined ? { expiresAtMs: expiresAt, expiresAt: Math.floor(expiresAt / 1000) + OFFER_CLEANUP_SECONDS } : {}),
  };
}

export function fromOfferItem(i: Item): OfferRecord {
  const { expiresAtMs, ...rest } = stripKeys(i) as Item & { expiresAtMs?: number };
  return { ...(rest as unknown as OfferRecord), ...(expiresAtMs !== undefined ? { expiresAt: expiresAtMs } : {}) };
}

function refundItems(movements: WalletMovement[], at: number): TransactItem[] {
  const { balances, entries } = ledgerItems(movements, at);
  return [...balances, ...entries];
}

/** Offer puts that never overwrite a live offer, each with a check that the driver may still take work. */
function offerWrites(offers: readonly OfferRecord[]): TransactItem[] {
  return offers.flatMap((o): TransactItem[] => [
    { Put: { Item: offerItem(o), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      ConditionCheck: {
        Key: keys.userProfile(o.driver),
        ConditionExpression: 'approved = :t AND usertype = :driver AND (attribute_not_exists(driverActiveStatus) OR driverActiveStatus = :t) AND (attribute_not_exists(#queue) OR #queue = :f)',
        ExpressionAttributeNames: { '#queue': 'queue' },
        ExpressionAttributeValues: { ':t': true, ':f': false, ':driver': 'driver' },
      },
    },
  ]);
}

const versionGuard = (b: BookingRecord) => ({
  ConditionExpression: '#version = :version',
  names: { '#version': 'version' },
  values: { ':version': b.version },
});

/**
 * Runs a transaction whose offers may name drivers who stopped being eligible since the search:
 * those drivers are dropped and the write tried again (twice at most), so one driver going offline
 * never blocks a booking. `build` makes the items for the drivers still in.
 */
async function withEligibleDrivers(offers: OfferRecord[], build: (offers: OfferRecord[]) => TransactItem[], offerStart: number): Promise<OfferRecord[]> {
  let current = offers;
  for (let attempt = 0; ; attempt++) {
    const out = await table.transactOrFailed(build(current));
    if (out.ok) return current;
    // Items offerStart.. hold two per offer (the put, the driver check); anything else failing is final.
    const inOffers = (i: number) => i >= offerStart && i < offerStart + 2 * current.length;
    // Only a collision with another transaction on a shared item (a demand cell): try again.
    if (out.failed.length === 0 && attempt < 3) {
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * (attempt + 1)));
      continue;
    }
    const losers = new Set(out.failed.filter(inOffers).map((i) => Math.floor((i - offerStart) / 2)));
    const blocked = out.failed.some((i) => !inOffers(i));
    if (blocked || losers.size === 0 || attempt >= 2) throw conflict();
    current = current.filter((_, i) => !losers.has(i));
  }
}

/** The round's story as the write leaves it: an offered driver the write dropped was unavailable by then. */
function storyItems(bookingId: string, round: OfferRound | undefined, kept: readonly OfferRecord[]): TransactItem[] {
  if (!round?.story) return [];
  return [roundStoryPut(bookingId, settleRoundStory(round.story, new Set(kept.map((o) => o.driver))))];
}

function roundMessages(round: OfferRound, kept: readonly OfferRecord[]): OutgoingMessage[] {
  const keptDrivers = new Set(kept.map((o) => o.driver));
  return round.messages.filter((m) => keptDrivers.has(m.to) || !round.offers.some((o) => o.driver === m.to));
}

export const bookingRepository: BookingStore & { key: typeof keys.booking; fromItem: (i: Item | undefined) => BookingRecord | undefined } = {
  key: keys.booking,

  fromItem(i) {
    return i ? (stripKeys(i) as unknown as BookingRecord) : undefined;
  },

  async get(id, opts = {}) {
    return bookingRepository.fromItem(await table.get(keys.booking(id), opts));
  },

  async create(booking, opts) {
    const offers = opts.round?.offers ?? [];
    const head = (): TransactItem[] => {
      const items: TransactItem[] = [];
      if (opts.idempotency) {
        const { uid, key, fingerprint } = opts.idempotency;
        items.push({
          Put: {
            Item: { ...keys.idempotency(uid, key), bookingId: booking.id, fingerprint, expiresAt: Math.floor(booking.bookingDate / 1000) + IDEMPOTENCY_TTL_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        });
      }
      return items;
    };
    const offerStart = head().length;
    let created = booking;
    try {
      await withEligibleDrivers(offers, (kept) => {
        assertLiveOffersWithinCap(Object.fromEntries(kept.map((o) => [o.driver, true])));
        created = {
          ...booking,
          requestedDrivers: Object.fromEntries(kept.map((o) => [o.driver, true as const])),
          asked: Object.fromEntries(kept.map((o) => [o.driver, o.round])),
          dispatchRound: opts.round && kept.length ? opts.round.round : booking.dispatchRound,
          ...(opts.round && kept.length ? { roundEndsAt: opts.round.endsAt } : {}),
        };
        return [
          ...head(),
          ...offerWrites(kept),
          { Put: { Item: bookingItem(created), ConditionExpression: 'attribute_not_exists(pk)' } },
          ...storyItems(booking.id, opts.round, kept),
          ...messageItems(opts.round ? roundMessages(opts.round, kept) : [], booking.bookingDate),
          // The demand layer counts the request where it was made, the day it was made.
          demandUpdate('bookings', booking.pickup, opts.demandDay, booking.bookingDate),
        ];
      }, offerStart);
    } catch (e) {
      if (opts.idempotency && e instanceof DomainError && e.status === 409) throw new DomainError('idempotency_conflict', 409);
      throw e;
    }
    return created;
  },

  async byIdempotencyKey(uid, key) {
    const item = await table.get<{ bookingId: string; fingerprint: string; pk: string; sk: string }>(keys.idempotency(uid, key), { consistent: true });
    return item ? { bookingId: item.bookingId, fingerprint: item.fingerprint } : undefined;
  },

  async list(audience, q) {
    const limit = q.limit ?? 25;
    const range = q.from !== undefined || q.to !== undefined
      ? { from: keys.bookingSort(q.from ?? 0, ''), to: keys.bookingSort(q.to ?? 9_999_999_999_999, '~') }
      : undefined;
    const statusFilter = q.statuses?.length
      ? {
          FilterExpression: `#status IN (${q.statuses.map((_, i) => `:s${i}`).join(', ')})`,
          names: { '#status': 'status' },
          values: Object.fromEntries(q.statuses.map((s, i) => [`:s${i}`, s])),
        }
      : undefined;

    const queryIndex = async (index: string, pk: string, start: Record<string, unknown> | undefined, want: number) => {
      const out = await table.query<Item>({
        IndexName: index,
        KeyConditionExpression: range ? `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to` : `${index}pk = :pk`,
        ...(statusFilter ? { FilterExpression: statusFilter.FilterExpression } : {}),
        ExpressionAttributeNames: statusFilter?.names,
        ExpressionAttributeValues: { ':pk': pk, ...(range ? { ':from': range.from, ':to': range.to } : {}), ...statusFilter?.values },
        ScanIndexForward: false,
        Limit: want,
        cursor: encodeCursor(start),
      });
      return { items: out.items, next: decodeCursor(out.next) };
    };

    const items: BookingRecord[] = [];
    if (audience.kind === 'all') {
      // Walk the yearly partitions newest first; the cursor says which year and where in it.
      const state = decodeListCursor(q.cursor);
      const top = yearOf(q.to ?? Date.now()) + 1;
      const floor = Math.max(FIRST_BOOKING_YEAR, q.from !== undefined ? yearOf(q.from) : FIRST_BOOKING_YEAR);
      let year = state?.y ?? top;
      let start = state?.k;
      for (let reads = 0; year >= floor && items.length < limit && reads < MAX_READS_PER_PAGE; reads++) {
        const page = await queryIndex('gsi3', keys.bookingsByYearPk(year), start, limit - items.length);
        items.push(...page.items.map((i) => bookingRepository.fromItem(i)!));
        if (page.next) start = page.next;
        else { year -= 1; start = undefined; }
      }
      const more = year >= floor;
      return { items, next: more ? encodeListCursor({ y: year, k: start }) : undefined };
    }

    const [index, pk] = audience.kind === 'customer' ? ['gsi1', keys.bookingsByCustomerPk(audience.uid)]
      : audience.kind === 'driver' ? ['gsi2', keys.bookingsByDriverPk(audience.uid)]
        : ['gsi4', keys.bookingsByFleetPk(audience.uid)];
    let start = decodeCursor(q.cursor);
    for (let reads = 0; items.length < limit && reads < MAX_READS_PER_PAGE; reads++) {
      const page = await queryIndex(index!, pk!, start, limit - items.length);
      items.push(...page.items.map((i) => bookingRepository.fromItem(i)!));
      start = page.next;
      if (!start) break;
    }
    return { items, next: encodeCursor(start) };
  },

  async offerRound(current, round) {
    const guard = versionGuard(current);
    let next = current;
    await withEligibleDrivers(round.offers, (kept) => {
      const requested = { ...current.requestedDrivers };
      for (const d of round.lapsed) delete requested[d];
      for (const o of kept) requested[o.driver] = true;
      assertLiveOffersWithinCap(requested);
      const asked = { ...current.asked, ...Object.fromEntries(kept.map((o) => [o.driver, o.round])) };
      next = { ...current, requestedDrivers: requested, asked, dispatchRound: round.round, roundEndsAt: round.endsAt, version: current.version + 1 };
      return [
        {
          Update: {
            Key: keys.booking(current.id),
            UpdateExpression: 'SET requestedDrivers = :req, asked = :asked, dispatchRound = :round, roundEndsAt = :ends, #version = :next',
            ConditionExpression: `${guard.ConditionExpression} AND #status = :new`,
            ExpressionAttributeNames: { ...guard.names, '#status': 'status' },
            ExpressionAttributeValues: { ...guard.values, ':req': requested, ':asked': asked, ':round': round.round, ':ends': round.endsAt, ':next': next.version, ':new': 'NEW' },
          },
        },
        ...offerWrites(kept),
        ...round.lapsed.map((d): TransactItem => ({ Delete: { Key: keys.offer(d, current.id) } })),
        ...storyItems(current.id, round, kept),
        ...messageItems(roundMessages(round, kept), round.offers[0]?.offeredAt ?? Date.now()),
      ];
    }, 1);
    return next;
  },


  async cancel(current, change) {
    const next: BookingRecord = {
      ...current, status: 'CANCELLED', reason: change.reason, cancelledBy: change.cancelledBy, cancelledAt: change.at,
      requestedDrivers: {}, version: current.version + 1,
    };
    const guard = versionGuard(current);
    await table.transact([
      {
        Update: {
          Key: keys.booking(current.id),
          UpdateExpression: 'SET #status = :cancelled, reason = :reason, cancelledBy = :by, cancelledAt = :at, requestedDrivers = :none, #version = :next',
          ConditionExpression: `${guard.ConditionExpression} AND #status = :from`,
          ExpressionAttributeNames: { ...guard.names, '#status': 'status' },
          ExpressionAttributeValues: {
            ...guard.values, ':cancelled': 'CANCELLED', ':reason': change.reason, ':by': change.cancelledBy, ':at': change.at,
            ':none': {}, ':next': next.version, ':from': current.status,
          },
        },
      },
      // Every live offer goes at once: no driver can accept a cancelled booking.
      ...Object.keys(current.requestedDrivers ?? {}).map((d): TransactItem => ({ Delete: { Key: keys.offer(d, current.id) } })),
      ...messageItems(change.messages, change.at),
      ...refundItems(change.movements ?? [], change.at),
      // Only a cancel while dispatch runs ends the story; a trip cancelled later is the trip's story.
      ...(current.status === 'NEW'
        ? [storyEventPut(current.id, {
            kind: 'cancelled', at: change.at, by: change.cancelledBy,
            ...(change.code ? { code: change.code } : { reason: change.reason }),
            ...(Object.keys(current.requestedDrivers ?? {}).length ? { openOffers: Object.keys(current.requestedDrivers) } : {}),
          })]
        : []),
    ]);
    return next;
  },

  async assign(current, offer, messages) {
    const guard = versionGuard(current);
    const requested = { ...current.requestedDrivers, [offer.driver]: true as const };
    assertLiveOffersWithinCap(requested);
    const next: BookingRecord = { ...current, requestedDrivers: requested, asked: { ...current.asked, [offer.driver]: 0 }, version: current.version + 1 };
    await table.transact([
      {
        Update: {
          Key: keys.booking(current.id),
          UpdateExpression: 'SET requestedDrivers = :req, asked = :asked, #version = :next',
          ConditionExpression: `${guard.ConditionExpression} AND #status = :new`,
          ExpressionAttributeNames: { ...guard.names, '#status': 'status' },
          ExpressionAttributeValues: { ...guard.values, ':req': requested, ':asked': next.asked, ':next': next.version, ':new': 'NEW' },
        },
      },
      ...offerWrites([offer]),
      ...messageItems(messages, offer.offeredAt),
      storyEventPut(current.id, { kind: 'assigned', at: offer.offeredAt, driver: offer.driver }),
    ]);
    return next;
  },

  async offersOf(driverUid, now) {
    const items = await table.beginsWith(keys.userPk(driverUid), keys.offerPrefix);
    return items
      .map(fromOfferItem)
      .filter((o) => o.expiresAt === undefined || o.expiresAt > now)
      .sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity));
  },
};

function encodeListCursor(c: { y: number; k?: Record<string, unknown> }): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

function decodeListCursor(cursor: string | undefined): { y: number; k?: Record<string, unknown> } | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { y?: unknown; k?: unknown };
    if (typeof c.y !== 'number' || !Number.isInteger(c.y)) throw new Error('shape');
    const k = c.k === undefined ? undefined : decodeCursor(encodeCursor(c.k as Record<string, unknown>));
    return { y: c.y, k };
  } catch {
    throw new DomainError('bad_request', 400, 'Invalid cursor');
  }
}
