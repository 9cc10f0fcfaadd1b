import { CalculateRouteCommand } from '@aws-sdk/client-location';
import { describe, expect, it } from 'vitest';
import { createLocationGeo, type LocationApi } from '../../../lambdas/src/adapters/geo/location-geo';
import { offlineGeo } from '../../../lambdas/src/adapters/geo/offline-geo';
import { decodePolyline } from '../../../lambdas/src/adapters/geo/polyline';

/** Stops: both route adapters price and draw pickup → stops → drop as one route. */
const a = { lat: 48.85341, lng: 2.3488 };
const b = { lat: 48.93564, lng: 2.35387 };
const c = { lat: 48.80359, lng: 2.13424 };

describe('route through stops: offline adapter', () => {
  it('sums the legs and joins their lines through every stop, each joint once', async () => {
    const ab = (await offlineGeo.route(a, b))!;
    const bc = (await offlineGeo.route(b, c))!;
    const abc = (await offlineGeo.route(a, c, [b]))!;
    expect(abc.distance).toBeCloseTo(ab.distance + bc.distance, 6);
    expect(abc.duration).toBe(ab.duration + bc.duration);
    expect(abc.coords).toEqual([...ab.coords, ...bc.coords.slice(1)]);
    expect(decodePolyline(abc.polylinePoints)).toHaveLength(abc.coords.length);
    // The same as the direct route without stops.
    expect(await offlineGeo.route(a, c, [])).toEqual(await offlineGeo.route(a, c));
  });

  it('has no route when any leg has none', async () => {
    expect(await offlineGeo.route(a, c, [b, { lat: -33.86785, lng: 151.20732 }])).toBeUndefined();
  });
});

describe('route through stops: Amazon Location adapter', () => {
  it('sends the stops as WaypointPositions, in order, [lng, lat], and reads every leg', async () => {
    const sent: CalculateRouteCommand[] = [];
    const client: LocationApi = {
      send: (async (command: CalculateRouteCommand) => {
        sent.push(command);
        return {
          Summary: { Distance: 30.5, DurationSeconds: 2400 },
          Legs: [
            { Geometry: { LineString: [[a.lng, a.lat], [b.lng, b.lat]] } },
            { Geometry: { LineString: [[b.lng, b.lat], [c.lng, c.lat]] } },
          ],
        };
      }) as LocationApi['send'],
    };
    const geo = createLocationGeo({ client, placeIndexName: 'places', routeCalculatorName: 'routes' });
    const route = (await geo.route(a, c, [b]))!;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({
      DeparturePosition: [a.lng, a.lat], DestinationPosition: [c.lng, c.lat], WaypointPositions: [[b.lng, b.lat]], IncludeLegGeometry: true,
    });
    expect(route.distance).toBe(30.5);
    expect(route.duration).toBe(2400);
    expect(route.coords).toEqual([a, b, c]);

    await geo.route(a, c);
    expect(sent[1]!.input.WaypointPositions).toBeUndefined();
  });
});
