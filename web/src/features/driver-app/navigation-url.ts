/**
 * "Navigate" for a driver: one link that opens turn-by-turn directions to a point in the maps app
 * the phone already has.
 *
 * - Apple devices (iPhone, iPad, Mac) get an Apple Maps link (`https://maps.apple.com/?daddr=…`):
 *   iOS hands it to the Maps app (a universal link), a Mac opens Maps too. A `geo:` URI does nothing
 *   there, and a Google Maps link would open a web page when the Google app is not installed.
 * - Everything else (Android, Windows, Linux) gets a Google Maps URLs link
 *   (`https://www.google.com/maps/dir/?api=1&destination=…`): Android's Google Maps claims it as an
 *   app link and starts directions, a desktop browser opens maps.google.com. `geo:` would be
 *   Android only (a desktop browser has no handler for it), so it is not used.
 *
 * Coordinates, not the address text: they are exact and need no second geocoding by the maps app.
 */

export type MapsPlatform = 'apple' | 'other';

export interface NavigationPoint {
  lat: number;
  lng: number;
}

/** Six decimals (about 10 cm): more digits only lengthen the link. */
const coord = (n: number) => String(Math.round(n * 1e6) / 1e6);

export function navigationUrl(point: NavigationPoint, platform: MapsPlatform): string {
  const at = `${coord(point.lat)},${coord(point.lng)}`;
  if (platform === 'apple') return `https://maps.apple.com/?${new URLSearchParams({ daddr: at, dirflg: 'd' }).toString()}`;
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination: at, travelmode: 'driving' }).toString()}`;
}

/** Which maps app the browser's device has. iPadOS reports itself as a Mac ("Macintosh"): Apple Maps either way. */
export function mapsPlatform(nav: { userAgent: string }): MapsPlatform {
  return /iPhone|iPad|iPod|Macintosh/.test(nav.userAgent) ? 'apple' : 'other';
}
