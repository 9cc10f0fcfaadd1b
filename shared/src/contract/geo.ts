import * as z from './zod';
import { cleanText, LatLng } from './common';
import { ROLES, route } from './route';

/**
 * A point as the spec's map functions take it (§7): the text 'lat,lng'. Kept as text in the
 * contract (the spec's wire format); the use case parses it with `parseLatLngText`.
 */
export const LatLngText = z.string().check(z.maxLength(64), z.refine((s) => {
    const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(s);
    return !!m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180;
  }, { message: 'Expected "lat,lng" with latitude -90..90 and longitude -180..180' }));

/** Spec §3 Place: a suggestion for typed text. `coords` is filled when the provider knows them already. */
export const Place = z.object({
  description: z.string(),
  place_id: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
  coords: z.optional(LatLng),
});
export type Place = z.infer<typeof Place>;

/** Spec §3 Route details: distance in km, duration in seconds, an encoded polyline and its points. */
export const RouteDetails = z.object({
  distance: z.number().check(z.nonnegative()),
  duration: z.number().check(z.nonnegative()),
  polylinePoints: z.string(),
  coords: z.array(LatLng),
});
export type RouteDetails = z.infer<typeof RouteDetails>;

export const PlaceId = z.string().check(z.trim(), z.minLength(1), z.maxLength(300));

export const autocomplete = route({
  method: 'POST', path: '/geo/autocomplete', operationId: 'autocomplete', area: 'geo', auth: ROLES,
  summary: 'Place suggestions for typed text (spec googleapis-autocomplete); google_places_error when the provider fails',
  body: z.strictObject({
    searchKeyword: cleanText(120, { required: true }),
    /** Bias towards places near this point (the map's centre or the other end of the trip). */
    near: z.optional(LatLng),
  }),
  response: z.object({ searchResults: z.array(Place) }),
});

export const getCoords = route({
  method: 'POST', path: '/geo/coords', operationId: 'getCoords', area: 'geo', auth: ROLES,
  summary: 'Coordinates of a suggested place (spec googleapis-getcoords); 404 place_to_coords_error when unknown',
  body: z.strictObject({ place_id: PlaceId }),
  response: z.object({ coords: LatLng, description: z.string() }),
});

export const getAddress = route({
  method: 'POST', path: '/geo/address', operationId: 'getAddress', area: 'geo', auth: ROLES,
  summary: 'Reverse geocoding of a point (spec googleapis-getaddress): a point picked on the map gets a readable address',
  body: z.strictObject({ latlng: LatLngText }),
  response: z.object({ address: z.string() }),
});

export const getRoute = route({
  method: 'POST', path: '/geo/route', operationId: 'getRoute', area: 'geo', auth: ROLES,
  summary: 'Driving route between two points (spec googleapis-getroute); 404 no_route_found when there is none',
  body: z.strictObject({ start: LatLngText, dest: LatLngText }),
  response: RouteDetails,
});

/** At most the 25 waypoints the sampling of §9 produces, each 'lat,lng', joined by '|'. */
export const Waypoints = z.string().check(z.maxLength(25 * 48), z.refine((s) => s === '' || s.split('|').every((p) => LatLngText.safeParse(p).success), { message: 'Expected up to 25 "lat,lng" points joined by "|"' }));

export const getDriveTime = route({
  method: 'POST', path: '/geo/drive-time', operationId: 'getDriveTime', area: 'geo', auth: ROLES,
  summary: 'Driving distance and time through waypoints (spec googleapis-getdrivetime, §9 waypoint sampling)',
  body: z.strictObject({ start: LatLngText, dest: LatLngText, waypoints: z.optional(Waypoints) }),
  response: z.object({ distance_in_km: z.number().check(z.nonnegative()), time_in_secs: z.number().check(z.nonnegative()) }),
});
