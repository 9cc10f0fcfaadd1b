import { randomUUID } from 'node:crypto';
import type { BookingStatus } from '../../../../shared/src/domain/booking-status';
import geohash from 'ngeohash';
import { INDEX_HEARTBEAT_MS, LOCATION_FRESH_MS } from '../../../../shared/src/domain/dispatch';
import { distanceKm, type LatLng } from '../../../../shared/src/domain/distance';
import { ROSTER_FRESH_MS } from '../../../../shared/src/domain/dashboard';
import type { DriverStateRecord, NearbyDriver, NearbyResult, OnlineDriver, PresenceStore, SeenNearbyDriver } from '../../ports/presence';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { documentCommands, stripKeys, table, type TransactItem } from './repository';
import { trackingItem } from './trip-repository';
import type { ProfileItem } from '../../ports/users';
import { documentGap, documentSummaries, type DocumentSummaries } from '../../../../shared/src/domain/driver-documents';

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
  /** The driver's documents (status and expiry day), so a search applies the documents rule without reading profiles. */
  docs?: DocumentSummaries;
}

function entryItem(profile: ProfileItem, point: LatLng, cell: string, now: number) {
  return {
    ...keys.geoEntry(cell, profile.id),
    uid: profile.id, lat: point.lat, lng: point.lng, at: now,
    carKey: carTypeKey(profile.carType ?? ''), carType: profile.carType ?? '',
    name: `${profile.firstName} ${profile.lastName}`.trim(),
    vehicleNumber: profile.vehicleNumber, fleetadmin: profile.fleetadmin,
    docs: documentSummaries(profile.documents),
    expiresAt: Math.floor(now / 1000) + ENTRY_TTL_SECONDS,
  };
}

type StateItem = DriverStateRecord & { pk: string; sk: string } & Record<string, unknown>;

/** The roster entry of an online driver: what the map shows besides the position. */
function rosterItem(profile: ProfileItem, now: number) {
  return {
    ...keys.rosterEntry(profile.id),
    ...(profile.fleetadmin ? keys.rosterByFleet(profile.fleetadmin, profile.id) : {}),
    uid: profile.id, name: `${profile.firstName} ${profile.lastName}`.trim(), carType: profile.carType ?? '',
    vehicleNumber: profile.vehicleNumber, fleetadmin: profile.fleetadmin, seenAt: now,
    expiresAt: Math.floor(now / 1000) + ENTRY_TTL_SECONDS,
  };
}

interface RosterEntry { uid: string; name?: string; carType?: string; vehicleNumber?: string; fleetadmin?: string }

export const presenceRepository: PresenceStore = {
  async state(uid) {
    const item = await table.get<StateItem>(keys.driverState(uid));
    return item ? (stripKeys(item) as unknown as DriverStateRecord) : undefined;
  },

  async ping(profile, point, now) {
    const key = keys.driverState(profile.id);
    let state: StateItem;
    try {
      const fleet = profile.fleetadmin;
      state = await table.update<StateItem>(key, {
        // The same one write also carries what the positions stream routes by (online, fleet);
        // `online` itself belongs to going online or offline, a ping only fills it in when missing.
        expression: `SET lat = :lat, lng = :lng, #at = :now, uid = :uid, #online = if_not_exists(#online, :on)${fleet ? ', fleetadmin = :fleet' : ' REMOVE fleetadmin'}`,
        // Pings can overtake each other on a phone's flaky network; the newest wins.
        condition: 'attribute_not_exists(#at) OR #at < :now',
        names: { '#at': 'at', '#online': 'online' },
        values: { ':lat': point.lat, ':lng': point.lng, ':now': now, ':uid': profile.id, ':on': profile.driverActiveStatus !== false, ...(fleet ? { ':fleet': fleet } : {}) },
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
    // The roster entry rides the same ~30 s heartbeat (with the index entry when that is due).
    const rosterDue = state.online !== false && profile.driverActiveStatus !== false
      && (state.rosterAt === undefined || now - state.rosterAt >= INDEX_HEARTBEAT_MS);
    if (dispatchable && (state.indexedCell !== cell || stale)) {
      await reindex(profile, state, point, cell, now, rosterDue);
      return { at: now, indexed: true };
    }
    if (!dispatchable && state.indexedCell) await unindex(profile.id, state);
    if (rosterDue) await refreshRoster(profile, now);
    return { at: now, indexed: false };
  },

  async setAvailability(profile, state, online, now) {
    const items: TransactItem[] = [{
      Update: {
        Key: keys.userProfile(profile.id),
        // The driver's own choice replaces any reason the platform had set them offline for.
        UpdateExpression: 'SET driverActiveStatus = :on REMOVE offlineReason',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': online },
      },
    }];
    const { offlineReason: _, ...rest } = profile;
    const next = { ...rest, driverActiveStatus: online };
    const fresh = state?.lat !== undefined && state.lng !== undefined && state.at !== undefined && now - state.at < LOCATION_FRESH_MS;
    let after: DriverStateRecord = { ...(state ?? { uid: profile.id }), online };
    const fleet = next.fleetadmin ? { fleetadmin: next.fleetadmin } : {};
    if (online) {
      // On the roster at once; the state's `online` (in the stream) tells the map.
      items.push({ Put: { Item: rosterItem(next, now) } });
      if (isDispatchable(next) && fresh) {
        const point = { lat: state!.lat!, lng: state!.lng! };
        const cell = geohash.encode(point.lat, point.lng, 5);
        items.push(...indexItems(next, state!, point, cell, now, { online: true, rosterAt: now, ...fleet }));
        after = { ...after, indexedCell: cell, indexedAt: now, rosterAt: now };
      } else {
        items.push(stateUpdate(profile.id, { online: true, rosterAt: now, ...fleet }));
        after = { ...after, rosterAt: now };
      }
    } else {
      items.push({ Delete: { Key: keys.rosterEntry(profile.id) } });
      if (state?.indexedCell) items.push({ Delete: { Key: keys.geoEntry(state.indexedCell, profile.id) } });
      items.push(stateUpdate(profile.id, { online: false }, ['indexedCell', 'indexedAt', 'rosterAt']));
      after = { ...after, indexedCell: undefined, indexedAt: undefined, rosterAt: undefined };
    }
    await table.transact(items, { conflictCode: 'not_found' });
    return { profile: next, state: after };
  },

  async online(scope, now) {
    const fresh = now - ROSTER_FRESH_MS;
    const fleet = scope.startsWith('FLEET#') ? scope.slice('FLEET#'.length) : undefined;
    const entries = await table.queryAll<RosterEntry & Record<string, unknown>>({
      ...(fleet
        ? { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.rosterByFleetPk(fleet), ':fresh': fresh } }
        : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.rosterPk, ':fresh': fresh } }),
      FilterExpression: 'seenAt >= :fresh',
    });
    // Positions fresh from the states: BatchGetItem calls of 100 keys, all in one wait.
    const chunks: RosterEntry[][] = [];
    for (let i = 0; i < entries.length; i += 100) chunks.push(entries.slice(i, i + 100));
    const states = (await Promise.all(chunks.map((c) => table.batchGet(c.map((e) => keys.driverState(e.uid)))))).flat();
    const drivers: OnlineDriver[] = [];
    entries.forEach((e, i) => {
      const s = states[i] as StateItem | undefined;
      if (!s || s.online === false || typeof s.lat !== 'number' || typeof s.lng !== 'number' || typeof s.at !== 'number' || s.at < fresh) return;
      // A fleet admin's roster is its own fleet's, as the state says now.
      if (fleet && s.fleetadmin !== undefined && s.fleetadmin !== fleet) return;
      drivers.push({
        uid: e.uid, name: e.name ?? '', carType: e.carType ?? '', lat: s.lat, lng: s.lng, at: s.at,
        ...(e.vehicleNumber ? { vehicleNumber: e.vehicleNumber } : {}), ...(e.fleetadmin ? { fleetadmin: e.fleetadmin } : {}),
        ...(typeof s.activeBooking === 'string' ? { activeBooking: s.activeBooking } : {}),
        ...(typeof s.activeStatus === 'string' ? { activeStatus: s.activeStatus } : {}),
      });
    });
    return drivers;
  },

  async nearby(center, radiusKm, filter) {
    const { precision, cells } = coveringCells(center, radiusKm);
    const fresh = filter.now - LOCATION_FRESH_MS;
    const car = filter.carType ? carTypeKey(filter.carType) : undefined;
    let itemsRead = 0;
    let queries = 0;
    // No filter expression: DynamoDB charges for every item a query reads, filtered or not, so the
    // freshness and car type checks cost the same here and let the dispatch story say who was left out.
    const pages = await Promise.all(cells.map(async (cell) => {
      const found: GeoEntry[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        queries += 1;
        const { QueryCommand } = await documentCommands();
        const out = await (await documentClient()).send(new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: precision === 5 ? 'pk = :pk AND begins_with(sk, :cell)' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.geoPk(cell.slice(0, 4)), ...(precision === 5 ? { ':cell': cell } : {}) },
          ExclusiveStartKey: start,
        }));
        itemsRead += out.ScannedCount ?? 0;
        found.push(...((out.Items ?? []) as GeoEntry[]));
        start = out.LastEvaluatedKey;
      } while (start);
      return found;
    }));
    const seen: SeenNearbyDriver[] = [];
    for (const e of pages.flat()) {
      const d = distanceKm(center, { lat: e.lat, lng: e.lng });
      const excluded = typeof e.at !== 'number' || e.at < fresh ? 'offline' as const
        : car !== undefined && e.carKey !== car ? 'other_car_type' as const
          : d > radiusKm ? 'beyond_radius' as const
            : filter.documents && documentGap(e.docs, filter.documents, filter.now) ? 'documents' as const : undefined;
      seen.push({
        uid: e.uid, lat: e.lat, lng: e.lng, distanceKm: d, carType: e.carType, name: e.name, at: e.at,
        ...(e.vehicleNumber ? { vehicleNumber: e.vehicleNumber } : {}), ...(e.fleetadmin ? { fleetadmin: e.fleetadmin } : {}),
        ...(excluded ? { excluded } : {}),
      });
    }
    seen.sort((a, b) => a.distanceKm - b.distanceKm);
    const drivers: NearbyDriver[] = seen.filter((d) => !d.excluded).map(({ excluded: _, ...d }) => d);
    return { drivers, seen, itemsRead, queries } satisfies NearbyResult;
  },
};

/** The entry at its (new) cell, the old one removed, and the state's bookkeeping, guarded against a concurrent ping. */
function indexItems(profile: ProfileItem, state: DriverStateRecord, point: LatLng, cell: string, now: number, extra: Record<string, unknown> = {}): TransactItem[] {
  const items: TransactItem[] = [{ Put: { Item: entryItem(profile, point, cell, now) } }];
  if (state.indexedCell && state.indexedCell !== cell) items.push({ Delete: { Key: keys.geoEntry(state.indexedCell, profile.id) } });
  const update = stateUpdate(profile.id, { indexedCell: cell, indexedAt: now, ...extra });
  update.Update!.ConditionExpression = state.indexedAt === undefined ? 'attribute_not_exists(indexedAt)' : 'indexedAt = :prev';
  if (state.indexedAt !== undefined) update.Update!.ExpressionAttributeValues = { ...update.Update!.ExpressionAttributeValues, ':prev': state.indexedAt };
  items.push(update);
  return items;
}

/** One update of the driver state: `set` fields (and uid), `remove` fields. */
function stateUpdate(uid: string, set: Record<string, unknown>, remove: string[] = []): TransactItem {
  const fields: Record<string, unknown> = { ...set, uid };
  const names = Object.keys(fields);
  return {
    Update: {
      Key: keys.driverState(uid),
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n) => [`:${n}`, fields[n]])),
    },
  };
}

/** The roster heartbeat alone (no index entry due): only while the state still says online. */
async function refreshRoster(profile: ProfileItem, now: number): Promise<void> {
  const update = stateUpdate(profile.id, { rosterAt: now });
  update.Update!.ConditionExpression = '#online = :true';
  update.Update!.ExpressionAttributeNames = { ...update.Update!.ExpressionAttributeNames, '#online': 'online' };
  update.Update!.ExpressionAttributeValues = { ...update.Update!.ExpressionAttributeValues, ':true': true };
  await table.transact([{ Put: { Item: rosterItem(profile, now) } }, update]).catch((e: unknown) => {
    // Went offline meanwhile: the entry stays gone.
    if ((e as { status?: number }).status !== 409) throw e;
  });
}

/**
 * What going offline writes besides the profile: the roster entry and the index entry go, the state
 * says offline. For a change that sets a driver offline inside its own transaction (documents).
 */
export function offlineItems(uid: string, state: DriverStateRecord | undefined): TransactItem[] {
  return [
    { Delete: { Key: keys.rosterEntry(uid) } },
    ...(state?.indexedCell ? [{ Delete: { Key: keys.geoEntry(state.indexedCell, uid) } }] : []),
    stateUpdate(uid, { online: false }, ['indexedCell', 'indexedAt', 'rosterAt']),
  ];
}

function unindexItems(uid: string, state: DriverStateRecord): TransactItem[] {
  return [
    { Delete: { Key: keys.geoEntry(state.indexedCell!, uid) } },
    { Update: { Key: keys.driverState(uid), UpdateExpression: 'REMOVE indexedCell, indexedAt' } },
  ];
}

async function reindex(profile: ProfileItem, state: DriverStateRecord, point: LatLng, cell: string, now: number, withRoster: boolean): Promise<void> {
  const items = indexItems(profile, state, point, cell, now, withRoster ? { rosterAt: now } : {});
  if (withRoster) {
    items.push({ Put: { Item: rosterItem(profile, now) } });
    const update = items.find((i) => i.Update)!.Update!;
    update.ConditionExpression = `(${update.ConditionExpression}) AND #online = :true`;
    update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, '#online': 'online' };
    update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ':true': true };
  }
  await table.transact(items).catch((e: unknown) => {
    // Another ping re-indexed first: its entry is as good as ours.
    if ((e as { status?: number }).status !== 409) throw e;
  });
}

async function unindex(uid: string, state: DriverStateRecord): Promise<void> {
  await table.transact(unindexItems(uid, state));
}
