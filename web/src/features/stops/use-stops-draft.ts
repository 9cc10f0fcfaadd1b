import { useRef, useState } from 'react';
import type { Place } from '../../../../shared/src/contract';
import { MAX_STOPS } from '../../../../shared/src/domain/stops';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import type { MapPoint } from '../../components/map/trip-map-types';
import type { ActionProblem } from '../../components/problem-alert';
import { coordsLabel, latLngText, roundPoint, type TripPoint } from '../booking-form/trip-point';

/** One stop row of the booking form: the place chosen (null until one is) and the text in its box. */
export interface StopDraft {
  /** Stable across removals, so a row keeps its box (and its pending lookups) when one above goes. */
  key: number;
  point: TripPoint | null;
  text: string;
}

export interface StopsDraft {
  stops: StopDraft[];
  canAdd: boolean;
  add: () => void;
  remove: (key: number) => void;
  typed: (key: number, text: string) => void;
  placeChosen: (key: number, place: Place) => Promise<void>;
  /** A point from the map: usable at once by its coordinates, then named; a point at sea is taken away. */
  pointChosen: (key: number, at: MapPoint) => Promise<void>;
  reset: () => void;
  /** Every stop's place, in order; undefined while a row has none. */
  points: TripPoint[] | undefined;
  /** A text key of the stops' points, so an estimate is only drawn for the stops it priced. */
  tripKey: string;
}

/**
 * The stops the booking form adds between pickup and drop (domain/stops: at most MAX_STOPS):
 * chosen by search or on the map like the pickup and the drop, with the same lookups.
 */
export function useStopsDraft({ signedIn, onNotice }: { signedIn: boolean; onNotice: (notice: ActionProblem | null) => void }): StopsDraft {
  const api = useApi();
  const [stops, setStops] = useState<StopDraft[]>([]);
  const nextKey = useRef(1);
  // A newer choice for a row makes its older lookups stale.
  const lookups = useRef(new Map<number, number>());
  const bump = (key: number) => {
    const n = (lookups.current.get(key) ?? 0) + 1;
    lookups.current.set(key, n);
    return n;
  };
  const current = (key: number, n: number) => lookups.current.get(key) === n;
  const update = (key: number, change: Partial<StopDraft>) => setStops((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const placeChosen = async (key: number, place: Place) => {
    const mine = bump(key);
    onNotice(null);
    if (place.coords) {
      update(key, { point: { ...place.coords, add: place.description }, text: place.description });
      return;
    }
    update(key, { point: null, text: place.description });
    try {
      const { coords } = await api.getCoords({ body: { place_id: place.place_id } });
      if (current(key, mine)) update(key, { point: { ...coords, add: place.description } });
    } catch (e) {
      if (current(key, mine)) onNotice({ key: isApiError(e) ? e.code : 'place_to_coords_error' });
    }
  };

  const pointChosen = async (key: number, at: MapPoint) => {
    const mine = bump(key);
    const p = roundPoint(at);
    const unnamed = { ...p, add: coordsLabel(p) };
    onNotice(null);
    update(key, { point: unnamed, text: unnamed.add });
    if (!signedIn) return;
    try {
      const { address } = await api.getAddress({ body: { latlng: latLngText(p) } });
      if (current(key, mine)) update(key, { point: { ...p, add: address }, text: address });
    } catch (e) {
      if (!current(key, mine)) return;
      if (isApiError(e) && e.code === 'place_to_coords_error') {
        update(key, { point: null, text: '' });
        onNotice({ key: 'stop_not_a_place' });
        return;
      }
      onNotice({ key: isApiError(e) && e.code === 'fetch_call_error' ? 'fetch_call_error' : 'google_places_error' });
    }
  };

  const points = stops.every((s) => s.point) ? stops.map((s) => s.point!) : undefined;
  return {
    stops,
    canAdd: stops.length < MAX_STOPS,
    add: () => setStops((list) => (list.length < MAX_STOPS ? [...list, { key: nextKey.current++, point: null, text: '' }] : list)),
    remove: (key) => {
      bump(key);
      setStops((list) => list.filter((s) => s.key !== key));
    },
    typed: (key, text) => {
      bump(key);
      setStops((list) => list.map((s) => (s.key === key ? { ...s, text, point: s.point && s.point.add !== text ? null : s.point } : s)));
    },
    placeChosen,
    pointChosen,
    reset: () => {
      for (const s of stops) bump(s.key);
      setStops([]);
    },
    points,
    tripKey: stops.map((s) => (s.point ? latLngText(s.point) : '-')).join('>'),
  };
}
