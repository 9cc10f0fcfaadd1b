import { useCallback, useEffect, useState } from 'react';
import type { Role } from '../../../../shared/src/contract/route';
import type { MapPoint } from './trip-map-types';

export type ViewerLocation =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'known'; at: MapPoint }
  | { state: 'unavailable' };

/**
 * Riders and drivers need their own position (a pickup, the next offer), so their maps ask the
 * browser as they open. Admins and fleet admins watch other people's positions from a desk: a
 * prompt and a red allow_location (spec §8) they never asked for is noise, so they are asked only
 * when they press a button for it.
 */
export function asksForLocationAtOnce(role: Role | null): boolean {
  return role === 'rider' || role === 'driver';
}

/** The red allow_location shows when the position is unavailable and the viewer wanted it: asked at once by role, or pressed for it. */
export function showsLocationWarning(role: Role | null, askedByViewer: boolean, location: ViewerLocation): boolean {
  return location.state === 'unavailable' && (askedByViewer || asksForLocationAtOnce(role));
}

const OPTIONS: PositionOptions = { timeout: 10_000, maximumAge: 60_000 };

/**
 * The viewer's position for a map. By role it is asked at once; otherwise it is read without a
 * prompt only where the browser already allows it, and `ask()` asks on the viewer's request.
 * `warning` says whether the red allow_location belongs on screen.
 */
export function useViewerLocation(role: Role | null): { location: ViewerLocation; ask: () => void; warning: boolean; asked: boolean } {
  const [location, setLocation] = useState<ViewerLocation>({ state: 'idle' });
  const [asked, setAsked] = useState(false);

  const read = useCallback((onFail: ViewerLocation) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setLocation({ state: 'unavailable' });
      return;
    }
    setLocation((now) => (now.state === 'known' ? now : { state: 'asking' }));
    navigator.geolocation.getCurrentPosition(
      (p) => setLocation({ state: 'known', at: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => setLocation(onFail),
      OPTIONS,
    );
  }, []);

  const atOnce = asksForLocationAtOnce(role);
  useEffect(() => {
    if (atOnce) {
      read({ state: 'unavailable' });
      return undefined;
    }
    // Already allowed: no prompt appears, so the map may show where the viewer is unasked.
    let cancelled = false;
    navigator.permissions?.query({ name: 'geolocation' }).then(
      (status) => {
        if (!cancelled && status.state === 'granted') read({ state: 'idle' });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [atOnce, read]);

  const ask = useCallback(() => {
    setAsked(true);
    read({ state: 'unavailable' });
  }, [read]);

  return { location, ask, asked, warning: showsLocationWarning(role, asked, location) };
}
