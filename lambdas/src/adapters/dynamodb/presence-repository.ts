import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BookingStatus } from '../../../../shared/src/domain/booking-status';
import geohash from 'ngeohash';
import { INDEX_HEARTBEAT_MS, LOCATION_FRESH_MS } from '../../../../shared/src/domain/dispatch';
import { distanceKm, type LatLng } from '../../../../shared/src/domain/distance';
import type { DriverStateRecord, NearbyDriver, NearbyResult, PresenceStore } from '../../ports/presence';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { stripKeys, table, type TransactItem } from './repository';
import { trackingItem } from './trip-repository';
import type { ProfileItem } from './user-repository';

/** Index entries outlive their freshness only to be cleaned up: DynamoDB's TTL removes them an hour on. */
const ENTRY_TTL_SECONDS = 60 * 60;
/** Above this many 5-character cells a search reads whole 4-character partitions instead. */
const MAX_FINE_CELLS = 48;

export const carTypeKey = (name: string) => name.trim().toLowerCase();

/** Which drivers dispatch may find: approved, online, not on a trip (spec §5 driver listing). */
export function isDispatchable(p: Pick<ProfileItem, 'approved' | 'driverActiveStatus' | 'queue' | 'usertype'>): boolean {
  return p.usertype === 'driver' && p.approved && p.driverActiveStatus !== false && p.queue !== true;
}

/** Shortest distance (km) from `p` to a cell's bounding box: zero inside it. */
function distanceToBox(p: LatLng, [minLat, minLng, maxLat, maxLng]: number[]): number {
  const lat = Math.min(Math.max(p.lat, minLat!), maxLat!);
  const lng = Math.min(Math.max(p.lng, minLng!), maxLng!);
  return distanceKm(p, { lat, lng });
}

/**
 * The geohash cells that can hold a point within `radiusKm` of `center`: the cells of the
 * circle's bounding box, less those whose box is farther than the radius. Fine (5-character,
 * ~5 km) cells while they are few; coarse (4-character, ~39x20 km) partitions beyond that.
 */
export function coveringCells(center: LatLng, radiusKm: number): { precision: 4 | 5; cells: string[] } {
  const dLat = radiusKm / 111.32;
  const cos = Math.max(Math.cos((center.lat * Math.PI) / 180), 0.01);
  const dLng = Math.min(radiusKm / (111.32 * cos), 180);
  const box = [Math.max(center.lat - dLat, -90), Math.max(center.lng - dLng, -180), Math.min(center.lat + dLat, 90), Math.min(center.lng + dLng, 180)] as const;
  for (const precision of [5, 4] as const) {
    const cells = geohash.bboxes(box[0], box[1], box[2], box[3], precision)
      .filter((c) => distanceToBox(center, geohash.decode_bbox(c)) <= radiusKm);
    if (precision === 4 || cells.length <= MAX_FINE_CELLS) return { precision, cells };
  }
  return { precision: 4, cells: [] };
}

interface GeoEntry extends Record<string, unknown> {
  uid: string; lat: number; lng: number; at: number; carKey: string; carType: string; name: string;
  vehicleNumber?: string; fleetadmin?: string;
}

function entryItem(profile: ProfileItem, point: LatLng, cell: string, now: number) {
  return {
    ...keys.geoEntry(cell, profile.id),
    uid: profile.id, lat: point.lat, lng: point.lng, at: now,
    carKey: carTypeKey(profile.carType ?? ''), carType: profile.carType ?? '',
    name: `${profile.firstName} ${profile.lastName}`.trim(),
    vehicleNumber: profile.vehicleNumber, fleetadmin: profile.fleetadmin,
    expiresAt: Math.floor(now / 1000) + ENTRY_TTL_SECONDS,
  };
}

type StateItem = DriverStateRecord & { pk: string; sk: string } & Record<string, unknown>;

export const presenceRepository: PresenceStore = {
  async state(uid) {
    const item = await table.get<StateItem>(keys.driverState(uid));
    return item ? (stripKeys(item) as unknown as DriverStateRecord) : undefined;
  },

  async ping(profile, point, now) {
    const key = keys.driverState(profile.id);
    let state: StateItem;
    try {
      state = await table.update<StateItem>(key, {
        expression: 'SET lat = :lat, lng = :lng, #at = :now, uid = :uid',
        // Pings can overtake each other on a phone's flaky network; the newest wins.
        condition: 'attribute_not_exists(#at) OR #at < :now',
        names: { '#at': 'at' },
        values: { ':lat': point.lat, ':lng': point.lng, ':now': now, ':uid': profile.id },
      });
    } catch (e) {
      if ((e as { status?: number }).status === 409) return { at: now, indexed: false };
      throw e;
    }
    // On a trip the ping is also the trip's tracking point (spec §3), which the rider's map follows.
    if (typeof state.activeBooking === 'string' && typeof state.activeStatus === 'string') {
      await table.put(trackingItem({ id: randomUUID(), bookingId: state.activeBooking, at: now, status: state.activeStatus as BookingStatus, lat: point.lat, lng: point.lng }));
    }
    const cell = geohash.encode(point.lat, point.lng, 5);
    const dispatchable = isDispatchable(profile);
    const stale = state.indexedAt === undefined || now - state.indexedAt >= INDEX_HEARTBEAT_MS;
    if (dispatchable && (state.indexedCell !== cell || stale)) {
      await reindex(profile, state, point, cell, now);
      return { at: now, indexed: true };
    }
    if (!dispatchable && state.indexedCell) await unindex(profile.id, state);
    return { at: now, indexed: false };
  },

  async setAvailability(profile, state, online, now) {
    const items: TransactItem[] = [{
      Update: {
        Key: keys.userProfile(profile.id),
        UpdateExpression: 'SET driverActiveStatus = :on',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': online },
      },
    }];
    const next = { ...profile, driverActiveStatus: online };
    const fresh = state?.lat !== undefined && state.lng !== undefined && state.at !== undefined && now - state.at < LOCATION_FRESH_MS;
    let after = state;
    if (online && isDispatchable(next) && fresh) {
      const point = { lat: state!.lat!, lng: state!.lng! };
      const cell = geohash.encode(point.lat, point.lng, 5);
      items.push(...indexItems(next, state!, point, cell, now));
      after = { ...state!, indexedCell: cell, indexedAt: now };
    } else if (!online && state?.indexedCell) {
      items.push(...unindexItems(profile.id, state));
      after = { ...state, indexedCell: undefined, indexedAt: undefined };
    }
    await table.transact(items, { conflictCode: 'not_found' });
    return { profile: next, state: after };
  },

  async nearby(center, radiusKm, filter) {
    const { precision, cells } = coveringCells(center, radiusKm);
    const fresh = filter.now - LOCATION_FRESH_MS;
    const names: Record<string, string> = { '#at': 'at' };
    const values: Record<string, unknown> = { ':fresh': fresh };
    let filterExpression = '#at >= :fresh';
    if (filter.carType) {
      filterExpression += ' AND carKey = :car';
      values[':car'] = carTypeKey(filter.carType);
    }
    let itemsRead = 0;
    let queries = 0;
    const pages = await Promise.all(cells.map(async (cell) => {
      const found: GeoEntry[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        queries += 1;
        const out = await documentClient().send(new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: precision === 5 ? 'pk = :pk AND begins_with(sk, :cell)' : 'pk = :pk',
          FilterExpression: filterExpression,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...values, ':pk': keys.geoPk(cell.slice(0, 4)), ...(precision === 5 ? { ':cell': cell } : {}) },
          ExclusiveStartKey: start,
        }));
        itemsRead += out.ScannedCount ?? 0;
        found.push(...((out.Items ?? []) as GeoEntry[]));
        start = out.LastEvaluatedKey;
      } while (start);
      return found;
    }));
    const drivers: NearbyDriver[] = [];
    for (const e of pages.flat()) {
      const d = distanceKm(center, { lat: e.lat, lng: e.lng });
      if (d > radiusKm) continue;
      drivers.push({
        uid: e.uid, lat: e.lat, lng: e.lng, distanceKm: d, carType: e.carType, name: e.name, at: e.at,
        ...(e.vehicleNumber ? { vehicleNumber: e.vehicleNumber } : {}), ...(e.fleetadmin ? { fleetadmin: e.fleetadmin } : {}),
      });
    }
    drivers.sort((a, b) => a.distanceKm - b.distanceKm);
    return { drivers, itemsRead, queries } satisfies NearbyResult;
  },
};

/** The entry at its (new) cell, the old one removed, and the state's bookkeeping, guarded against a concurrent ping. */
function indexItems(profile: ProfileItem, state: DriverStateRecord, point: LatLng, cell: string, now: number): TransactItem[] {
  const items: TransactItem[] = [{ Put: { Item: entryItem(profile, point, cell, now) } }];
  if (state.indexedCell && state.indexedCell !== cell) items.push({ Delete: { Key: keys.geoEntry(state.indexedCell, profile.id) } });
  items.push({
    Update: {
      Key: keys.driverState(profile.id),
      UpdateExpression: 'SET indexedCell = :cell, indexedAt = :now, uid = :uid',
      ConditionExpression: state.indexedAt === undefined ? 'attribute_not_exists(indexedAt)' : 'indexedAt = :prev',
      ExpressionAttributeValues: { ':cell': cell, ':now': now, ':uid': profile.id, ...(state.indexedAt === undefined ? {} : { ':prev': state.indexedAt }) },
    },
  });
  return items;
}

function unindexItems(uid: string, state: DriverStateRecord): TransactItem[] {
  return [
    { Delete: { Key: keys.geoEntry(state.indexedCell!, uid) } },
    { Update: { Key: keys.driverState(uid), UpdateExpression: 'REMOVE indexedCell, indexedAt' } },
  ];
}

async function reindex(profile: ProfileItem, state: DriverStateRecord, point: LatLng, cell: string, now: number): Promise<void> {
  await table.transact(indexItems(profile, state, point, cell, now)).catch((e: unknown) => {
    // Another ping re-indexed first: its entry is as good as ours.
    if ((e as { status?: number }).status !== 409) throw e;
  });
}

async function unindex(uid: string, state: DriverStateRecord): Promise<void> {
  await table.transact(unindexItems(uid, state));
}
