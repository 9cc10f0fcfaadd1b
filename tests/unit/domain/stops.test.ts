import { describe, expect, it } from 'vitest';
import { MAX_STOPS, nextStopIndex, routePoints, stopPressRefusal, stopsAhead, stopsRemaining } from '../../../shared/src/domain/stops';
import { AddBookingBody, getEstimate } from '../../../shared/src/contract';

const p = (n: number) => ({ lat: n, lng: n, add: `Stop ${n}` });
const trip = (over: Partial<{ status: string; stops: unknown[]; stopsReached: number }> = {}) => ({ status: 'STARTED', stops: [p(1), p(2)], stopsReached: 0, ...over });

describe('stops: the rules', () => {
  it('counts the stops still ahead and names the next one', () => {
    expect(stopsRemaining({})).toBe(0);
    expect(stopsRemaining(trip())).toBe(2);
    expect(stopsRemaining(trip({ stopsReached: 2 }))).toBe(0);
    expect(nextStopIndex(trip())).toBe(0);
    expect(nextStopIndex(trip({ stopsReached: 1 }))).toBe(1);
    expect(nextStopIndex(trip({ stopsReached: 2 }))).toBeUndefined();
    expect(nextStopIndex({})).toBeUndefined();
    expect(stopsAhead(trip({ stopsReached: 1 }))).toEqual([p(2)]);
  });

  it('lets the driver mark only the next stop, only while the trip is STARTED, and says why not', () => {
    expect(stopPressRefusal(trip(), 0)).toBeUndefined();
    expect(stopPressRefusal(trip({ stopsReached: 1 }), 1)).toBeUndefined();
    expect(stopPressRefusal(trip(), 1)).toBe('stop_out_of_order');
    expect(stopPressRefusal(trip({ stopsReached: 1 }), 0)).toBe('stop_already_reached');
    // A stop already reached stays "already reached" after the drop, not "trip not started".
    expect(stopPressRefusal(trip({ status: 'REACHED', stopsReached: 2 }), 1)).toBe('stop_already_reached');
    expect(stopPressRefusal(trip(), 2)).toBe('stop_unknown');
    expect(stopPressRefusal(trip(), -1)).toBe('stop_unknown');
    expect(stopPressRefusal({ status: 'STARTED' }, 0)).toBe('stop_unknown');
    for (const status of ['NEW', 'ACCEPTED', 'ARRIVED', 'REACHED', 'PAID', 'CANCELLED']) expect(stopPressRefusal(trip({ status }), 0), status).toBe('stop_trip_not_started');
  });

  it('drives pickup, the stops in order, then the drop', () => {
    expect(routePoints(p(0), [p(1), p(2)], p(9))).toEqual([p(0), p(1), p(2), p(9)]);
    expect(routePoints(p(0), undefined, p(9))).toEqual([p(0), p(9)]);
  });
});

describe('stops: the contract', () => {
  const body = (stops: unknown) => ({ pickup: p(0), drop: p(9), carTypeId: 'economy', stops });
  const keyOf = (out: { success: boolean; error?: { issues: { code: string; message: string }[] } }) => out.error?.issues.find((i) => i.code === 'custom')?.message;

  it('takes up to three stops on the estimate and on booking, cleaned like the pickup and the drop', () => {
    for (const schema of [getEstimate.body!, AddBookingBody]) {
      const out = schema.safeParse(body([p(1), { ...p(2), add: '  Second\nstop ' }, p(3)]));
      expect(out.success).toBe(true);
      expect((out.data as { stops: { add: string }[] }).stops.map((s) => s.add)).toEqual(['Stop 1', 'Second stop', 'Stop 3']);
      expect(schema.safeParse(body([])).success).toBe(true);
      expect(schema.safeParse({ pickup: p(0), drop: p(9), carTypeId: 'economy' }).success).toBe(true);
    }
  });

  it(`refuses more than ${MAX_STOPS} stops with stops_too_many, and a stop that is no point with an address`, () => {
    for (const schema of [getEstimate.body!, AddBookingBody]) {
      expect(keyOf(schema.safeParse(body([p(1), p(2), p(3), p(4)])))).toBe('stops_too_many');
      expect(schema.safeParse(body([{ lat: 1, lng: 2 }])).success).toBe(false);
      expect(schema.safeParse(body([{ ...p(1), lat: 91 }])).success).toBe(false);
      expect(schema.safeParse(body([{ ...p(1), add: '   ' }])).success).toBe(false);
      expect(schema.safeParse(body('Somewhere')).success).toBe(false);
    }
  });
});
