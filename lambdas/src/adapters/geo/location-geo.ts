import type {
  CalculateRouteCommand,
  GetPlaceCommand,
  SearchPlaceIndexForPositionCommand,
  SearchPlaceIndexForSuggestionsCommand,
  CalculateRouteCommandOutput,
  GetPlaceCommandOutput,
  SearchPlaceIndexForPositionCommandOutput,
  SearchPlaceIndexForSuggestionsCommandOutput,
} from '@aws-sdk/client-location';
import type { Place } from '../../../../shared/src/contract/geo';
import type { LatLng } from '../../../../shared/src/domain/distance';
import { MAX_ROUTE_POINTS } from '../../../../shared/src/domain/route-sampling';
import type { LocationClientConfig } from '@aws-sdk/client-location';
import { config, type Config } from '../../config';
import { GeoProviderError, type GeoService } from '../../ports/geo';
import { encodePolyline, formatCoords, thinPoints } from './polyline';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

/** Amazon Location's commands, loaded with the client on first use (see adapters/sdk.ts). */
const sdk = onFirstUse(() => import('@aws-sdk/client-location'));

/** The part of the Location client this adapter uses (a `LocationClient` fits; tests pass a fake). */
export interface LocationApi {
  send(command: SearchPlaceIndexForSuggestionsCommand): Promise<SearchPlaceIndexForSuggestionsCommandOutput>;
  send(command: GetPlaceCommand): Promise<GetPlaceCommandOutput>;
  send(command: SearchPlaceIndexForPositionCommand): Promise<SearchPlaceIndexForPositionCommandOutput>;
  send(command: CalculateRouteCommand): Promise<CalculateRouteCommandOutput>;
}

export interface LocationGeoOptions {
  client: LocationApi;
  placeIndexName: string;
  routeCalculatorName: string;
}

const MAX_SUGGESTIONS = 8;

/**
 * How the route calculators (Esri, HERE, Grab) word "these points are not connected by road":
 * an answer about the trip, not a failure of the service.
 */
const NO_ROUTE_MESSAGE =
  /route not found|no route|routes? (?:can ?not|can't|could not) be (?:found|calculated)|route too long|positions? (?:was |were )?not found|not found on the route network|too far|(?:distance|route)[^.]*exceed|exceed[^.]*distance/i;

/** Amazon Location place index and route calculator behind the geo port. */
export function createLocationGeo({ client, placeIndexName, routeCalculatorName }: LocationGeoOptions): GeoService {
  return {
    async autocomplete(text, near) {
      const out = await call('SearchPlaceIndexForSuggestions', async () =>
        client.send(new (await sdk()).SearchPlaceIndexForSuggestionsCommand({
          IndexName: placeIndexName,
          Text: text,
          BiasPosition: near ? toPosition(near) : undefined,
          MaxResults: MAX_SUGGESTIONS,
        })));
      const places: Place[] = [];
      for (const { Text, PlaceId } of out.Results ?? []) {
        // Without a place id the suggestion cannot be turned into coordinates later.
        if (!PlaceId || !Text) continue;
        const comma = Text.indexOf(',');
        places.push({
          description: Text,
          place_id: PlaceId,
          structured_formatting: {
            main_text: comma === -1 ? Text : Text.slice(0, comma).trim(),
            secondary_text: comma === -1 ? '' : Text.slice(comma + 1).trim(),
          },
        });
      }
      return places;
    },

    async placeCoords(placeId) {
      const out = await call(
        'GetPlace',
        async () => client.send(new (await sdk()).GetPlaceCommand({ IndexName: placeIndexName, PlaceId: placeId })),
        // Unknown or malformed ids (a stale suggestion, a forged request) are the caller's "not found".
        (err) => errorName(err) === 'ResourceNotFoundException' || errorName(err) === 'ValidationException',
      );
      const point = out?.Place?.Geometry?.Point;
      if (!point) return undefined;
      const coords = fromPosition(point);
      return { coords, description: out.Place?.Label ?? formatCoords(coords) };
    },

    async reverseGeocode(point) {
      const out = await call('SearchPlaceIndexForPosition', async () =>
        client.send(new (await sdk()).SearchPlaceIndexForPositionCommand({
          IndexName: placeIndexName,
          Position: toPosition(point),
          MaxResults: 1,
        })));
      return out.Results?.[0]?.Place?.Label ?? formatCoords(point);
    },

    async onLand() {
      return true;
    },

    async route(start, dest, via = []) {
      const out = await call(
        'CalculateRoute',
        async () => client.send(new (await sdk()).CalculateRouteCommand({
          CalculatorName: routeCalculatorName,
          DeparturePosition: toPosition(start),
          DestinationPosition: toPosition(dest),
          // A booking's stops, in order: one calculation prices every leg and draws them all.
          WaypointPositions: via.length ? via.map(toPosition) : undefined,
          TravelMode: 'Car',
          IncludeLegGeometry: true,
          DistanceUnit: 'Kilometers',
        })),
        isNoRoute,
      );
      if (!out) return undefined;
      const summary = requireSummary(out);
      const coords = thinPoints(legCoords(out));
      return {
        distance: summary.Distance,
        duration: summary.DurationSeconds,
        polylinePoints: encodePolyline(coords),
        coords,
      };
    },

    async driveTime(points) {
      if (points.length < 2) return { distanceKm: 0, seconds: 0 };
      // The caller samples to MAX_ROUTE_POINTS already; thinning again only guards the
      // calculator's waypoint limit should another caller pass a raw track.
      const sampled = thinPoints(points, MAX_ROUTE_POINTS);
      const waypoints = sampled.slice(1, -1);
      const out = await call(
        'CalculateRoute',
        async () => client.send(new (await sdk()).CalculateRouteCommand({
          CalculatorName: routeCalculatorName,
          DeparturePosition: toPosition(sampled[0]!),
          DestinationPosition: toPosition(sampled[sampled.length - 1]!),
          WaypointPositions: waypoints.length ? waypoints.map(toPosition) : undefined,
          TravelMode: 'Car',
          IncludeLegGeometry: false,
          DistanceUnit: 'Kilometers',
        })),
        isNoRoute,
      );
      if (!out) return undefined;
      const summary = requireSummary(out);
      return { distanceKm: summary.Distance, seconds: summary.DurationSeconds };
    },
  };
}

let shared: GeoService | undefined;
const client = onFirstUse(async () => traced(new (await sdk()).LocationClient(locationClientConfig(config()))));

/**
 * The Location client's settings: the functions' role signs in AWS; with an API key (the local
 * platform without AWS credentials) every request carries `?key=` and no signature, as Amazon
 * Location's API-key authentication expects.
 */
export function locationClientConfig(c: Pick<Config, 'AWS_REGION' | 'LOCATION_REGION' | 'LOCATION_API_KEY'>): LocationClientConfig {
  const region = c.LOCATION_REGION || c.AWS_REGION;
  const key = c.LOCATION_API_KEY;
  if (!key) return { region };
  return {
    region,
    credentials: async () => ({ accessKeyId: '', secretAccessKey: '' }),
    signer: {
      sign: async <R extends { query?: Record<string, string | string[] | null> }>(request: R) => {
        request.query = { ...request.query, key };
        return request;
      },
    },
  };
}

function sharedLocationGeo(): GeoService {
  if (!shared) {
    const { PLACE_INDEX_NAME, ROUTE_CALCULATOR_NAME } = config();
    shared = createLocationGeo({
      // The client itself is made on the first call (see adapters/sdk.ts).
      client: { send: async (command: never) => (await client()).send(command) } as LocationApi,
      placeIndexName: PLACE_INDEX_NAME,
      routeCalculatorName: ROUTE_CALCULATOR_NAME,
    });
  }
  return shared;
}

/** The deployed adapter: the client is built from configuration on first use, not at import. */
export const locationGeo: GeoService = {
  autocomplete: (text, near) => sharedLocationGeo().autocomplete(text, near),
  placeCoords: (placeId) => sharedLocationGeo().placeCoords(placeId),
  reverseGeocode: (point) => sharedLocationGeo().reverseGeocode(point),
  onLand: (point) => sharedLocationGeo().onLand(point),
  route: (start, dest, via) => sharedLocationGeo().route(start, dest, via),
  driveTime: (points) => sharedLocationGeo().driveTime(points),
};

/**
 * Runs one SDK call. Errors `notFound` recognises become undefined; every other failure is the
 * provider's (GeoProviderError), which use cases report as google_places_error / fetch_call_error.
 */
async function call<T>(operation: string, run: () => Promise<T>): Promise<T>;
async function call<T>(operation: string, run: () => Promise<T>, notFound: (err: unknown) => boolean): Promise<T | undefined>;
async function call<T>(
  operation: string,
  run: () => Promise<T>,
  notFound: (err: unknown) => boolean = () => false,
): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (notFound(err)) return undefined;
    const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw new GeoProviderError(`Amazon Location ${operation} failed (${detail})`, err);
  }
}

function isNoRoute(err: unknown): boolean {
  const name = errorName(err);
  if (name === 'ResourceNotFoundException') return true;
  return name === 'ValidationException' && err instanceof Error && NO_ROUTE_MESSAGE.test(err.message);
}

function errorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

function requireSummary(out: CalculateRouteCommandOutput): { Distance: number; DurationSeconds: number } {
  const summary = out.Summary;
  if (!summary || typeof summary.Distance !== 'number' || typeof summary.DurationSeconds !== 'number') {
    throw new GeoProviderError('Amazon Location CalculateRoute returned no summary');
  }
  return { Distance: summary.Distance, DurationSeconds: summary.DurationSeconds };
}

/** All legs' line strings as one path; a leg starts where the previous ended, so the joint is kept once. */
function legCoords(out: CalculateRouteCommandOutput): LatLng[] {
  const coords: LatLng[] = [];
  for (const leg of out.Legs ?? []) {
    for (const position of leg.Geometry?.LineString ?? []) {
      const p = fromPosition(position);
      const last = coords[coords.length - 1];
      if (!last || last.lat !== p.lat || last.lng !== p.lng) coords.push(p);
    }
  }
  return coords;
}

/** Amazon Location positions are [longitude, latitude]. */
function toPosition(p: LatLng): number[] {
  return [p.lng, p.lat];
}

function fromPosition(position: readonly number[]): LatLng {
  return { lat: position[1]!, lng: position[0]! };
}
