import type { DriverPosition, ServerMessage } from '../../../shared/src/contract/ws';

/** One change of a driver state item (pk `USER#<uid>`, sk `DRIVER`) as the stream delivers it. */
export interface DriverStateChange {
  uid: string;
  change: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The item after the change (absent for a REMOVE). */
  next?: StateImage;
  /** The item before it (absent for an INSERT). */
  previous?: StateImage;
}

export interface StateImage {
  lat?: number;
  lng?: number;
  at?: number;
  online?: boolean;
  fleetadmin?: string;
  activeBooking?: string;
}

export interface PositionBatch {
  topic: string;
  drivers: DriverPosition[];
  gone: string[];
}

const seen = (i: StateImage | undefined) => [i?.lat, i?.lng, i?.at, i?.online, i?.activeBooking].join('|');

/**
 * The newest state of each driver in a batch of stream records (stream order is change order for
 * one item, so the last record of a driver wins): a position, or gone (offline, deleted). Records
 * that change nothing the map shows (index and roster bookkeeping) are skipped.
 */
export function coalesceDriverChanges(changes: readonly DriverStateChange[]): { points: Map<string, DriverPosition & { fleet?: string }>; gone: Map<string, string | undefined> } {
  const last = new Map<string, DriverStateChange>();
  for (const c of changes) {
    if (c.change === 'MODIFY' && seen(c.next) === seen(c.previous)) continue;
    // An offline driver's pings: already gone from the map.
    if (c.change === 'MODIFY' && c.previous?.online === false && c.next?.online === false) continue;
    last.delete(c.uid);
    last.set(c.uid, c);
  }
  const points = new Map<string, DriverPosition & { fleet?: string }>();
  const gone = new Map<string, string | undefined>();
  for (const [uid, c] of last) {
    const s = c.next;
    if (c.change === 'REMOVE' || !s || s.online === false) {
      gone.set(uid, (s ?? c.previous)?.fleetadmin);
      continue;
    }
    if (typeof s.lat !== 'number' || typeof s.lng !== 'number' || typeof s.at !== 'number') continue;
    points.set(uid, { uid, lat: s.lat, lng: s.lng, at: s.at, status: s.activeBooking ? 'trip' : 'free', ...(s.fleetadmin ? { fleet: s.fleetadmin } : {}) });
  }
  return { points, gone };
}

/** One batch for `drivers/all`, and one per fleet that moved for `drivers/fleet/<uid>`. */
export function positionBatches(changes: readonly DriverStateChange[]): PositionBatch[] {
  const { points, gone } = coalesceDriverChanges(changes);
  if (points.size === 0 && gone.size === 0) return [];
  const strip = ({ fleet: _fleet, ...p }: DriverPosition & { fleet?: string }): DriverPosition => p;
  const batches = new Map<string, PositionBatch>();
  const batch = (topic: string) => {
    let b = batches.get(topic);
    if (!b) batches.set(topic, (b = { topic, drivers: [], gone: [] }));
    return b;
  };
  batch('drivers/all');
  for (const p of points.values()) {
    batch('drivers/all').drivers.push(strip(p));
    if (p.fleet) batch(`drivers/fleet/${p.fleet}`).drivers.push(strip(p));
  }
  for (const [uid, fleet] of gone) {
    batch('drivers/all').gone.push(uid);
    if (fleet) batch(`drivers/fleet/${fleet}`).gone.push(uid);
  }
  return [...batches.values()];
}

export interface PositionsDeps {
  subscribers(topic: string): Promise<string[]>;
  post(connectionId: string, message: ServerMessage): Promise<boolean>;
  forget(connectionId: string): Promise<void>;
}

/**
 * One invocation's worth of driver state changes: ONE `positions` message per subscriber per
 * topic, however many pings the batch holds (the event source gathers ~2 s of them). Positions
 * are idempotent, so a redelivered batch just repeats them. Returns the messages posted.
 */
export async function publishPositions(deps: PositionsDeps, changes: readonly DriverStateChange[]): Promise<number> {
  const batches = positionBatches(changes);
  const audiences = await Promise.all(batches.map(async (b) => ({ b, connections: await deps.subscribers(b.topic) })));
  let sent = 0;
  await Promise.all(audiences.flatMap(({ b, connections }) => connections.map(async (c) => {
    const alive = await deps.post(c, { type: 'positions', topic: b.topic, drivers: b.drivers, gone: b.gone });
    if (alive) sent += 1;
    else await deps.forget(c);
  })));
  return sent;
}
