import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../shared/src/contract/ws';
import { coalesceDriverChanges, positionBatches, publishPositions, type DriverStateChange } from '../../../lambdas/src/use-cases/publish-positions';
import { handler } from '../../../lambdas/src/streams/driver-positions';

const ping = (uid: string, at: number, extra: Record<string, unknown> = {}): DriverStateChange => ({
  uid, change: 'MODIFY', previous: { lat: 1, lng: 1, at: at - 1, online: true }, next: { lat: 1 + at / 1000, lng: 2, at, online: true, ...extra },
});

describe('driver positions in batches', () => {
  it('keeps the newest point of each driver, and who went offline', () => {
    const { points, gone } = coalesceDriverChanges([
      ping('d1', 1000), ping('d2', 1000, { fleetadmin: 'f1' }), ping('d1', 2000), ping('d1', 3000, { activeBooking: 'B1' }),
      ping('d3', 1000), { uid: 'd3', change: 'MODIFY', previous: { lat: 1, lng: 1, at: 1000, online: true }, next: { lat: 1, lng: 1, at: 1000, online: false, fleetadmin: 'f1' } },
      { uid: 'd4', change: 'REMOVE', previous: { lat: 1, lng: 1, at: 5 } },
    ]);
    expect([...points.keys()].sort()).toEqual(['d1', 'd2']);
    expect(points.get('d1')).toEqual({ uid: 'd1', lat: 4, lng: 2, at: 3000, status: 'trip' });
    expect(points.get('d2')).toMatchObject({ status: 'free', fleet: 'f1' });
    expect([...gone]).toEqual([['d3', 'f1'], ['d4', undefined]]);
  });

  it('skips bookkeeping that moves nothing (index and roster heartbeats) and offline drivers\' pings', () => {
    const same = { lat: 1, lng: 2, at: 5, online: true };
    const offline = { lat: 1, lng: 2, at: 5, online: false };
    expect(positionBatches([
      { uid: 'd1', change: 'MODIFY', previous: same, next: { ...same } },
      { uid: 'd2', change: 'MODIFY', previous: offline, next: { ...offline, at: 6 } },
    ])).toEqual([]);
  });

  it('one batch for every driver and one per fleet that moved, positions without the fleet', () => {
    const batches = positionBatches([ping('d1', 1000), ping('d2', 1000, { fleetadmin: 'f1' }), ping('d3', 1000, { fleetadmin: 'f2' }), ping('d2', 2000, { fleetadmin: 'f1' })]);
    expect(batches.map((b) => [b.topic, b.drivers.map((d) => d.uid).sort()]).sort()).toEqual([
      ['drivers/all', ['d1', 'd2', 'd3']], ['drivers/fleet/f1', ['d2']], ['drivers/fleet/f2', ['d3']],
    ]);
    expect(batches.find((b) => b.topic === 'drivers/fleet/f1')!.drivers[0]).toEqual({ uid: 'd2', lat: 3, lng: 2, at: 2000, status: 'free' });
  });

  it('posts ONE message per subscriber and topic however many pings, and forgets gone connections', async () => {
    const posted: [string, ServerMessage][] = [];
    const forgotten: string[] = [];
    const changes = Array.from({ length: 1000 }, (_, i) => ping(`d${i % 200}`, 1000 + i, i % 2 ? { fleetadmin: 'f1' } : {}));
    const sent = await publishPositions({
      subscribers: async (t) => (t === 'drivers/all' ? ['a1', 'a2', 'gone'] : t === 'drivers/fleet/f1' ? ['f1'] : []),
      post: async (c, m) => { posted.push([c, m]); return c !== 'gone'; },
      forget: async (c) => { forgotten.push(c); },
    }, changes);
    expect(sent).toBe(3);
    expect(posted).toHaveLength(4);
    expect(forgotten).toEqual(['gone']);
    const all = posted.find(([c]) => c === 'a1')![1] as Extract<ServerMessage, { type: 'positions' }>;
    expect(all.drivers).toHaveLength(200);
    expect((posted.find(([c]) => c === 'f1')![1] as Extract<ServerMessage, { type: 'positions' }>).drivers).toHaveLength(100);
  });

  it('the stream handler reads only driver state records', async () => {
    const res = await handler({ Records: [{ eventName: 'MODIFY', dynamodb: { Keys: { pk: { S: 'BOOKING#b' }, sk: { S: 'BOOKING' } } } }] } as never);
    expect(res.batchItemFailures).toEqual([]);
  });
});
