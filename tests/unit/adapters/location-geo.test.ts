import {
  CalculateRouteCommand,
  GetPlaceCommand,
  SearchPlaceIndexForPositionCommand,
  SearchPlaceIndexForSuggestionsCommand,
} from '@aws-sdk/client-location';
import { describe, expect, it } from 'vitest';
import { createLocationGeo, type LocationApi } from '../../../lambdas/src/adapters/geo/location-geo';
import { decodePolyline } from '../../../lambdas/src/adapters/geo/polyline';
import { GeoProviderError } from '../../../lambdas/src/ports/geo';

type AnyCommand =
  | SearchPlaceIndexForSuggestionsCommand
  | GetPlaceCommand
  | SearchPlaceIndexForPositionCommand
  | CalculateRouteCommand;

/**
 * A stand-in for the Location client: records what is sent and answers from `respond`, which
 * returns the SDK output or throws the SDK error for a command.
 */
function fakeLocation(respond: (command: AnyCommand) => unknown) {
  const sent: AnyCommand[] = [];
  const client: LocationApi = {
    send: async (command: AnyCommand) => {
      sent.push(command);
      return respond(command) as never;
    },
  };
  const geo = createLocationGeo({ client, placeIndexName: 'places', routeCalculatorName: 'routes' });
  return { geo, sent };
}

/** An error as the SDK raises it: the exception's name and the service's message. */
function sdkError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name, $fault: 'client' });
}

const paris = { lat: 48.85341, lng: 2.3488 };
const saintDenis = { lat: 48.93564, lng: 2.35387 };

describe('locationGeo (Amazon Location adapter)', () => {
  describe('autocomplete', () => {
    it('asks the place index for suggestions biased towards the point, [lng, lat]', async () => {
      const { geo, sent } = fakeLocation(() => ({
        Results: [
          { Text: 'Paris, Île-de-France, FRA', PlaceId: 'p-1' },
          { Text: 'Paris Gare de Lyon' }, // a query suggestion with no place behind it
          { Text: 'Paris', PlaceId: 'p-2' },
        ],
      }));
      const places = await geo.autocomplete('pari', paris);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toBeInstanceOf(SearchPlaceIndexForSuggestionsCommand);
      expect(sent[0]!.input).toEqual({ IndexName: 'places', Text: 'pari', BiasPosition: [2.3488, 48.85341], MaxResults: 8 });
      expect(places).toEqual([
        {
          description: 'Paris, Île-de-France, FRA',
          place_id: 'p-1',
          structured_formatting: { main_text: 'Paris', secondary_text: 'Île-de-France, FRA' },
        },
        { description: 'Paris', place_id: 'p-2', structured_formatting: { main_text: 'Paris', secondary_text: '' } },
      ]);
    });

    it('sends no bias without a point, and reports provider failures as GeoProviderError', async () => {
      const ok = fakeLocation(() => ({ Results: [] }));
      expect(await ok.geo.autocomplete('x')).toEqual([]);
      expect((ok.sent[0]!.input as { BiasPosition?: unknown }).BiasPosition).toBeUndefined();

      const throttled = sdkError('ThrottlingException', 'Rate exceeded');
      const failing = fakeLocation(() => {
        throw throttled;
      });
      const err = await failing.geo.autocomplete('x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GeoProviderError);
      expect((err as GeoProviderError).cause).toBe(throttled);
      expect((err as GeoProviderError).message).toContain('ThrottlingException');
    });
  });

  describe('placeCoords', () => {
    it('gets the place and turns its [lng, lat] point into coordinates', async () => {
      const { geo, sent } = fakeLocation(() => ({
        Place: { Label: 'Paris, Île-de-France, FRA', Geometry: { Point: [2.3488, 48.85341] } },
      }));
      expect(await geo.placeCoords('p-1')).toEqual({ coords: paris, description: 'Paris, Île-de-France, FRA' });
      expect(sent[0]).toBeInstanceOf(GetPlaceCommand);
      expect(sent[0]!.input).toEqual({ IndexName: 'places', PlaceId: 'p-1' });
    });

    it('is undefined for an unknown or malformed id, and throws on other failures', async () => {
      for (const name of ['ResourceNotFoundException', 'ValidationException']) {
        const { geo } = fakeLocation(() => {
          throw sdkError(name, 'nope');
        });
        expect(await geo.placeCoords('stale')).toBeUndefined();
      }
      const { geo } = fakeLocation(() => {
        throw sdkError('AccessDeniedException', 'not allowed');
      });
      await expect(geo.placeCoords('p-1')).rejects.toBeInstanceOf(GeoProviderError);
    });
  });

  describe('reverseGeocode', () => {
    it('labels the point with the nearest place, [lng, lat] sent', async () => {
      const { geo, sent } = fakeLocation(() => ({
        Results: [{ Place: { Label: '1 Rue de Rivoli, 75001 Paris, FRA', Geometry: { Point: [2.35, 48.85] } }, Distance: 12 }],
      }));
      expect(await geo.reverseGeocode(paris)).toBe('1 Rue de Rivoli, 75001 Paris, FRA');
      expect(sent[0]).toBeInstanceOf(SearchPlaceIndexForPositionCommand);
      expect(sent[0]!.input).toEqual({ IndexName: 'places', Position: [2.3488, 48.85341], MaxResults: 1 });
    });

    it('falls back to the coordinates when nothing is near, and throws on failures', async () => {
      expect(await fakeLocation(() => ({ Results: [] })).geo.reverseGeocode({ lat: -45, lng: -130 })).toBe(
        '-45.00000, -130.00000',
      );
      const { geo } = fakeLocation(() => {
        throw sdkError('InternalServerException', 'boom');
      });
      await expect(geo.reverseGeocode(paris)).rejects.toBeInstanceOf(GeoProviderError);
    });
  });

  describe('route', () => {
    it('calculates a car route in km with leg geometry and maps it to RouteDetails', async () => {
      const { geo, sent } = fakeLocation(() => ({
        Summary: { Distance: 11.2, DurationSeconds: 1260, DistanceUnit: 'Kilometers' },
        Legs: [
          { Geometry: { LineString: [[2.3488, 48.85341], [2.35, 48.9], [2.35387, 48.93564]] } },
        ],
      }));
      const route = (await geo.route(paris, saintDenis))!;
      expect(sent[0]).toBeInstanceOf(CalculateRouteCommand);
      expect(sent[0]!.input).toEqual({
        CalculatorName: 'routes',
        DeparturePosition: [2.3488, 48.85341],
        DestinationPosition: [2.35387, 48.93564],
        TravelMode: 'Car',
        IncludeLegGeometry: true,
        DistanceUnit: 'Kilometers',
      });
      expect(route.distance).toBe(11.2);
      expect(route.duration).toBe(1260);
      expect(route.coords).toEqual([paris, { lat: 48.9, lng: 2.35 }, saintDenis]);
      expect(decodePolyline(route.polylinePoints)).toEqual(route.coords);
    });

    it('joins the legs and thins long geometry to 500 points, keeping both ends', async () => {
      const line = Array.from({ length: 1201 }, (_, i) => [2 + i / 1000, 48 + i / 2000]);
      const { geo } = fakeLocation(() => ({
        Summary: { Distance: 100, DurationSeconds: 4000 },
        Legs: [{ Geometry: { LineString: line.slice(0, 601) } }, { Geometry: { LineString: line.slice(600) } }],
      }));
      const route = (await geo.route({ lat: 48, lng: 2 }, { lat: 48.6, lng: 3.2 }))!;
      expect(route.coords).toHaveLength(500);
      expect(route.coords[0]).toEqual({ lat: 48, lng: 2 });
      expect(route.coords[499]).toEqual({ lat: 48.6, lng: 3.2 });
      const lngs = route.coords.map((p) => p.lng);
      expect([...lngs].sort((a, b) => a - b)).toEqual(lngs);
      expect(new Set(lngs).size).toBe(500);
    });

    it('is undefined when the calculator finds no route', async () => {
      const noRoute = [
        sdkError('ResourceNotFoundException', 'Route not found'),
        sdkError('ValidationException', 'Route not found between the given positions'),
        sdkError('ValidationException', 'No route found'),
        sdkError('ValidationException', 'Distance between positions exceeds the maximum allowed'),
        sdkError('ValidationException', 'Destination position is too far from a road'),
      ];
      for (const err of noRoute) {
        const { geo } = fakeLocation(() => {
          throw err;
        });
        expect(await geo.route(paris, saintDenis), err.message).toBeUndefined();
        expect(await geo.driveTime([paris, saintDenis]), err.message).toBeUndefined();
      }
    });

    it('throws GeoProviderError for any other failure', async () => {
      const failures = [
        sdkError('ValidationException', '1 validation error detected: Value at CalculatorName failed to satisfy constraint'),
        sdkError('ThrottlingException', 'Rate exceeded'),
        sdkError('AccessDeniedException', 'User is not authorized'),
        new TypeError('fetch failed'),
      ];
      for (const err of failures) {
        const { geo } = fakeLocation(() => {
          throw err;
        });
        const thrown = await geo.route(paris, saintDenis).catch((e: unknown) => e);
        expect(thrown, err.message).toBeInstanceOf(GeoProviderError);
        expect((thrown as GeoProviderError).cause).toBe(err);
        await expect(geo.driveTime([paris, saintDenis])).rejects.toBeInstanceOf(GeoProviderError);
      }
    });

    it('throws GeoProviderError when the answer has no summary', async () => {
      const { geo } = fakeLocation(() => ({ Legs: [] }));
      await expect(geo.route(paris, saintDenis)).rejects.toBeInstanceOf(GeoProviderError);
    });
  });

  describe('driveTime', () => {
    it('routes through the intermediate points in order, without geometry', async () => {
      const { geo, sent } = fakeLocation(() => ({ Summary: { Distance: 23.4, DurationSeconds: 2100 }, Legs: [] }));
      const via1 = { lat: 48.87, lng: 2.33 };
      const via2 = { lat: 48.9, lng: 2.36 };
      expect(await geo.driveTime([paris, via1, via2, saintDenis])).toEqual({ distanceKm: 23.4, seconds: 2100 });
      expect(sent[0]).toBeInstanceOf(CalculateRouteCommand);
      expect(sent[0]!.input).toEqual({
        CalculatorName: 'routes',
        DeparturePosition: [2.3488, 48.85341],
        DestinationPosition: [2.35387, 48.93564],
        WaypointPositions: [[2.33, 48.87], [2.36, 48.9]],
        TravelMode: 'Car',
        IncludeLegGeometry: false,
        DistanceUnit: 'Kilometers',
      });
    });

    it('sends no waypoints for two points and no request for fewer', async () => {
      const { geo, sent } = fakeLocation(() => ({ Summary: { Distance: 10, DurationSeconds: 900 } }));
      await geo.driveTime([paris, saintDenis]);
      expect((sent[0]!.input as { WaypointPositions?: unknown }).WaypointPositions).toBeUndefined();
      expect(await geo.driveTime([paris])).toEqual({ distanceKm: 0, seconds: 0 });
      expect(await geo.driveTime([])).toEqual({ distanceKm: 0, seconds: 0 });
      expect(sent).toHaveLength(1);
    });

    it('keeps within the calculator waypoint limit even for an unsampled track', async () => {
      const { geo, sent } = fakeLocation(() => ({ Summary: { Distance: 10, DurationSeconds: 900 } }));
      const track = Array.from({ length: 60 }, (_, i) => ({ lat: 48 + i / 100, lng: 2 }));
      await geo.driveTime(track);
      const input = sent[0]!.input as CalculateRouteCommand['input'];
      expect(input.DeparturePosition).toEqual([2, 48]);
      expect(input.DestinationPosition).toEqual([2, 48.59]);
      expect(input.WaypointPositions!.length).toBeLessThanOrEqual(23);
    });
  });
});
