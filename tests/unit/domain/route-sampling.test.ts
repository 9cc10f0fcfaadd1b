import { describe, expect, it } from 'vitest';
import { formatLatLng, sampleRoute, waypointStep } from '../../../shared/src/domain/route-sampling';

const points = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: i, lng: i + 0.5 }));

describe('§9 multi-point route sampling', () => {
  it.each([
    [0, 1],
    [25, 1],
    [26, 2],
    [49, 2],
    [50, 3],
    [100, 5],
  ])('step for %i points is %i', (count, step) => {
    expect(waypointStep(count)).toBe(step);
  });

  it.each([[0], [1]])('%i points give no route', (n) => {
    expect(sampleRoute(points(n))).toBeNull();
  });

  it('2 points: start and dest only', () => {
    const r = sampleRoute(points(2))!;
    expect(r.params).toEqual({ start: '0,0.5', dest: '1,1.5', waypoints: '' });
  });

  it('25 points: every intermediate point is a waypoint', () => {
    const r = sampleRoute(points(25))!;
    expect(r.waypoints).toHaveLength(23);
    expect(r.start).toEqual({ lat: 0, lng: 0.5 });
    expect(r.dest).toEqual({ lat: 24, lng: 24.5 });
  });

  it('26 points: every 2nd point', () => {
    const r = sampleRoute(points(26))!;
    expect(r.waypoints.map((p) => p.lat)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
    expect(r.params.waypoints).toBe(r.waypoints.map(formatLatLng).join('|'));
    expect(r.params.waypoints.startsWith('2,2.5|4,4.5|')).toBe(true);
  });

  it('never sends more than 25 waypoints', () => {
    for (const n of [26, 51, 76, 200, 1000, 1234]) {
      expect(sampleRoute(points(n))!.waypoints.length).toBeLessThanOrEqual(25);
    }
  });

  it("formats 'lat,lng'", () => {
    expect(formatLatLng({ lat: -33.8688, lng: 151.2093 })).toBe('-33.8688,151.2093');
  });
});
