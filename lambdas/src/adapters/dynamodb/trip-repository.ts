import { conflict } from '../../../../shared/src/domain/errors';
import type { BookingRecord } from '../../ports/bookings';
import type { ChatMessageRecord, TrackingPointRecord, TripChange, TripStore } from '../../ports/trips';
import { bookingItem } from './booking-repository';
import { keys } from './keys';
import { messageItems } from './message-items';
import { stripKeys, table, type Item, type TransactItem } from './repository';
import { walletItems } from './wallet-repository';
import { closeSessionItem } from './payment-repository';
import { storyEventPut } from './dispatch-story-repository';

/** Tracking points and chat outlive their trip for disputes and history; DynamoDB's TTL removes them after a year. */
const TRIP_DETAIL_TTL_SECONDS = 365 * 24 * 60 * 60;
/** A transaction that only collided with another (no condition failed) is tried again this often. */
const CONFLICT_RETRIES = 5;

const ttl = (at: number) => Math.floor(at / 1000) + TRIP_DETAIL_TTL_SECONDS;

export function trackingItem(p: TrackingPointRecord): Item & { pk: string; sk: string } {
  return { ...keys.trackingPoint(p.bookingId, p.at, p.id), ...p, expiresAt: ttl(p.at) };
}

/** What a failed item means to the caller, by its kind. */
type Failure = 'booking' | 'offer' | 'driver' | 'wallet' | 'account' | 'payment' | 'promo' | 'addresses' | 'referral' | 'other';

/** Collects updates per profile: a transaction may touch an item only once. */
class ProfileUpdates {
  private readonly byUid = new Map<string, { sets: string[]; conditions: string[]; names: Record<string, string>; values: Record<string, unknown>; kind: Failure }>();

  private of(uid: string, kind: Failure) {
    let u = this.byUid.get(uid);
    if (!u) {
      u = { sets: [], conditions: ['attribute_exists(pk)'], names: {}, values: {}, kind };
      this.byUid.set(uid, u);
    }
    if (kind === 'wallet' || (kind === 'account' && u.kind === 'other') || (kind === 'addresses' && u.kind !== 'wallet')) u.kind = kind;
    return u;
  }

  driver(change: NonNullable<TripChange['driver']>) {
    const u = this.of(change.uid, 'driver');
    if (change.queue !== undefined) {
      u.sets.push('#queue = :queue');
      u.names['#queue'] = 'queue';
      u.values[':queue'] = change.queue;
    }
    if (change.requireFree) {
      u.conditions.push('approved = :t AND usertype = :driverType AND (attribute_not_exists(driverActiveStatus) OR driverActiveStatus = :t) AND (attribute_not_exists(#queue) OR #queue = :f)');
      Object.assign(u.values, { ':t': true, ':f': false, ':driverType': 'driver' });
      u.names['#queue'] = 'queue';
    }
    if (change.ratings) {
      const { previous, ...ratings } = change.ratings;
      u.sets.push('ratings = :ratings');
      u.values[':ratings'] = ratings;
      // Read, recompute, write: the average holds only if nobody rated in between.
      if (previous === undefined) u.conditions.push('attribute_not_exists(ratings)');
      else {
        u.conditions.push('ratings = :prevRatings');
        u.values[':prevRatings'] = previous;
      }
    }
  }

  savedAddresses(change: NonNullable<TripChange['savedAddresses']>) {
    const u = this.of(change.uid, 'addresses');
    u.sets.push('savedAddresses = :saved');
    u.values[':saved'] = change.list;
    if (change.previous === undefined) u.conditions.push('attribute_not_exists(savedAddresses)');
    else {
      u.conditions.push('savedAddresses = :prevSaved');
      u.values[':prevSaved'] = change.previous;
    }
  }

  wallet(uid: string, delta: number, need: number) {
    // A debit fails on the balance; a credit only when the account is gone (its profile deleted).
    const u = this.of(uid, need > 0 ? 'wallet' : 'account');
    u.sets.push('walletBalance = if_not_exists(walletBalance, :zero) + :delta');
    Object.assign(u.values, { ':zero': 0, ':delta': delta });
    if (need > 0) {
      u.conditions.push('walletBalance >= :need');
      u.values[':need'] = need;
    }
  }

  /** The user's referral bonus was earned: later trips skip it without trying (the txRef claims keep it once). */
  referralEarned(uid: string, at: number) {
    const u = this.of(uid, 'other');
    u.sets.push('referralBonusPaidAt = if_not_exists(referralBonusPaidAt, :referralAt)');
    u.values[':referralAt'] = at;
  }

  items(): { item: TransactItem; kind: Failure }[] {
    return [...this.byUid].map(([uid, u]) => ({
      kind: u.kind,
      item: {
        Update: {
          Key: keys.userProfile(uid),
          UpdateExpression: `SET ${u.sets.join(', ')}`,
          ConditionExpression: u.conditions.join(' AND '),
          ...(Object.keys(u.names).length ? { ExpressionAttributeNames: u.names } : {}),
          ExpressionAttributeValues: u.values,
        },
      },
    }));
  }
}

/** Every item of one lifecycle step, each tagged with what its failure would mean. */
function changeItems(change: TripChange): { item: TransactItem; kind: Failure }[] {
  const { current, next, at } = change;
  const out: { item: TransactItem; kind: Failure }[] = [];
  // A step that takes the rider's money for the booking (wallet, cash, a provider's payment
  // making it PAID) holds only while the stored booking is not prepaid: the use cases refuse a
  // paid booking (`paymentRefusal`), and the table refuses it too, whatever raced them.
  const takesRiderMoney = (change.movements ?? []).some((m) => m.reason === 'TripPayment' || m.reason === 'CashCollected')
    || (change.payment !== undefined && next.status === 'PAID' && !change.addsTip);
  out.push({
    kind: 'booking',
    item: {
      Put: {
        Item: bookingItem(next),
        ConditionExpression: `#version = :version AND #status = :status${takesRiderMoney ? ' AND (attribute_not_exists(prepaid) OR prepaid = :notPrepaid)' : ''}${change.addsTip ? ' AND attribute_not_exists(tip)' : ''}`,
        ExpressionAttributeNames: { '#version': 'version', '#status': 'status' },
        ExpressionAttributeValues: { ':version': current.version, ':status': current.status, ...(takesRiderMoney ? { ':notPrepaid': false } : {}) },
      },
    },
  });
  if (change.takeOffer) {
    out.push({
      kind: 'offer',
      item: {
        Delete: {
          Key: keys.offer(change.takeOffer, current.id),
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(expiresAtMs) OR expiresAtMs > :now)',
          ExpressionAttributeValues: { ':now': at },
        },
      },
    });
  }
  for (const d of change.revokeOffers ?? []) {
    if (d !== change.takeOffer) out.push({ kind: 'other', item: { Delete: { Key: keys.offer(d, current.id) } } });
  }

  const profiles = new ProfileUpdates();
  if (change.driver) profiles.driver(change.driver);
  if (change.savedAddresses) profiles.savedAddresses(change.savedAddresses);
  for (const uid of change.referralEarned ?? []) profiles.referralEarned(uid, at);
  const movements = change.movements ?? [];
  const wallet = walletItems(movements, at);
  for (const [uid, w] of wallet.folds) profiles.wallet(uid, w.delta, w.need);
  out.push(...profiles.items());
  // Each movement is its txRef claim then its entry: a referral bonus's claim already taken means it was paid before.
  out.push(...wallet.items.map((item, i) => ({
    item, kind: (i % 2 === 0 && movements[Math.floor(i / 2)]?.reason === 'ReferralBonus' ? 'referral' : 'wallet') as Failure,
  })));

  if (change.driverState) {
    const s = change.driverState;
    const update: TransactItem = s.activeBooking
      ? {
          Update: {
            Key: keys.driverState(s.uid),
            UpdateExpression: `SET uid = :uid, activeBooking = :booking, activeStatus = :status${s.unindexCell ? ' REMOVE indexedCell, indexedAt' : ''}`,
            ExpressionAttributeValues: { ':uid': s.uid, ':booking': s.activeBooking.id, ':status': s.activeBooking.status },
          },
        }
      : { Update: { Key: keys.driverState(s.uid), UpdateExpression: 'SET uid = :uid REMOVE activeBooking, activeStatus', ExpressionAttributeValues: { ':uid': s.uid } } };
    out.push({ kind: 'other', item: update });
    // Off the geo index at once: a queued driver is never searched for.
    if (s.unindexCell) out.push({ kind: 'other', item: { Delete: { Key: keys.geoEntry(s.unindexCell, s.uid) } } });
  }
  if (change.tracking) out.push({ kind: 'other', item: { Put: { Item: trackingItem(change.tracking) } } });
  if (change.storyEvent) out.push({ kind: 'other', item: storyEventPut(current.id, change.storyEvent) });
  if (change.earnings) out.push(...earningsItems(change.earnings).map((item) => ({ item, kind: 'other' as const })));
  if (change.payment) out.push({ kind: 'payment', item: closeSessionItem(change.payment.orderId, { ...change.payment, at }) });
  if (change.promoUse) {
    const { promoId, limit } = change.promoUse;
    out.push(
      { kind: 'promo', item: { Put: { Item: { ...keys.promoUse(promoId, current.id), at }, ConditionExpression: 'attribute_not_exists(pk)' } } },
      {
        kind: 'promo',
        item: {
          Update: {
            Key: keys.promo(promoId),
            UpdateExpression: 'ADD user_avail :one',
            // The limit read with the promo must still be the limit, and not yet reached.
            ConditionExpression: 'attribute_exists(pk) AND promo_usage_limit = :limit AND (attribute_not_exists(user_avail) OR user_avail < :limit)',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
          },
        },
      },
    );
  }
  out.push(...messageItems(change.messages, at).map((item) => ({ item, kind: 'other' as const })));
  return out;
}

/**
 * Each aggregate adds exactly the figures the step's addition carries: a PAID step's trip figures,
 * or a tip's `tips` alone (so a tip never moves a fee, a share or a booking count).
 */
function earningsItems(e: NonNullable<TripChange['earnings']>): TransactItem[] {
  const EARNING_FIELDS = Object.keys(e.addition) as (keyof typeof e.addition)[];
  const add = (key: { pk: string; sk: string }, extra: Record<string, unknown> = {}): TransactItem => {
    const extraNames = Object.keys(extra);
    return {
      Update: {
        Key: key,
        UpdateExpression: `ADD ${EARNING_FIELDS.map((f) => `#${f} :${f}`).join(', ')}${extraNames.length ? ` SET ${extraNames.map((n) => `#${n} = :${n}`).join(', ')}` : ''}`,
        ExpressionAttributeNames: Object.fromEntries([...EARNING_FIELDS, ...extraNames].map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(EARNING_FIELDS.map((f) => [`:${f}`, (e.addition as unknown as Record<string, number>)[f]])),
          ...Object.fromEntries(extraNames.map((n) => [`:${n}`, extra[n]])),
        },
      },
    };
  };
  const driverInfo = {
    driverUid: e.driver.uid, driverName: e.driver.name, month: e.month,
    ...(e.driver.vehicleNumber ? { vehicleNumber: e.driver.vehicleNumber } : {}),
    ...(e.fleet ? { fleetadmin: e.fleet } : {}),
  };
  const items = [
    add(keys.earnings('ALL', `DAY#${e.day}`), { period: e.day }),
    add(keys.earnings('ALL', `MONTH#${e.month}`), { period: e.month }),
    add(keys.earnings('ALL', `DRIVER#${e.month}#${e.driver.uid}`), driverInfo),
  ];
  if (e.fleet) {
    const scope = `FLEET#${e.fleet}` as const;
    items.push(
      add(keys.earnings(scope, `DAY#${e.day}`), { period: e.day }),
      add(keys.earnings(scope, `MONTH#${e.month}`), { period: e.month }),
      add(keys.earnings(scope, `DRIVER#${e.month}#${e.driver.uid}`), driverInfo),
    );
  }
  return items;
}

const FAILURE_CODES: Record<Failure, string> = {
  booking: 'conflict', offer: 'offer_expired', driver: 'driver_unavailable', wallet: 'insufficient_balance', account: 'account_closed',
  payment: 'payment_closed', promo: 'promo_exhausted', addresses: 'addresses_changed', referral: 'referral_bonus_paid', other: 'conflict',
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const tripRepository: TripStore = {
  async apply(change) {
    // The builder refuses more than DynamoDB takes; every list a step writes is bounded (MAX_LIVE_OFFERS).
    const tagged = changeItems(change);
    for (let attempt = 0; ; attempt++) {
      const out = await table.transactOrFailed(tagged.map((t) => t.item));
      if (out.ok) return change.next;
      if (out.failed.length === 0 && attempt < CONFLICT_RETRIES) {
        // Only a collision with another transaction on a shared item (an earnings total): try again.
        await pause(10 + Math.random() * 40 * (attempt + 1));
        continue;
      }
      // The booking's own condition first: a stale step is a plain conflict whatever else failed.
      const kinds = new Set(out.failed.map((i) => tagged[i]?.kind ?? 'other'));
      const order: Failure[] = ['booking', 'payment', 'offer', 'wallet', 'promo', 'driver', 'account', 'addresses', 'referral'];
      const kind: Failure = order.find((k) => kinds.has(k)) ?? 'other';
      throw conflict(FAILURE_CODES[kind]);
    }
  },

  async latestPoint(bookingId) {
    const out = await table.query<Item>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.bookingPk(bookingId), ':p': keys.trackingPrefix },
      ScanIndexForward: false, Limit: 1,
    });
    return out.items[0] ? (stripKeys(out.items[0]) as unknown as TrackingPointRecord) : undefined;
  },

  async points(bookingId) {
    const items = await table.beginsWith(keys.bookingPk(bookingId), keys.trackingPrefix);
    return items.map((i) => stripKeys(i) as unknown as TrackingPointRecord);
  },

  async addPoint(point) {
    await table.put(trackingItem(point));
  },

  async chat(bookingId, q) {
    const out = await table.query<Item>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.bookingPk(bookingId), ':p': keys.chatPrefix },
      ScanIndexForward: true, Limit: q.limit ?? 50, cursor: q.cursor,
    });
    return { items: out.items.map((i) => stripKeys(i) as unknown as ChatMessageRecord), next: out.next };
  },

  async addChat(message) {
    await table.put({ ...keys.chatMessage(message.bookingId, message.at, message.id), ...message, expiresAt: ttl(message.at) });
  },

  async setPhoto(current, kind, key) {
    const next: BookingRecord = { ...current, [kind]: key, version: current.version + 1 };
    await table.update(keys.booking(current.id), {
      expression: 'SET #photo = :key, #version = :next',
      condition: '#version = :version',
      names: { '#photo': kind, '#version': 'version' },
      values: { ':key': key, ':next': next.version, ':version': current.version },
    });
    return next;
  },
};
