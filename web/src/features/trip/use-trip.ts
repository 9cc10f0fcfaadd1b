import { useCallback, useEffect, useState } from 'react';
import type { BookingView, TrackingPoint } from '../../../../shared/src/contract';
import { returning } from '../../../../shared/src/domain/delivery-proof';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';

/** While the driver is on the way (or driving), the time left is asked again this often. */
const ETA_EVERY_MS = 30_000;
const MOVING = new Set(['ACCEPTED', 'ARRIVED', 'STARTED']);

export interface TripState {
  booking: BookingView | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setBooking: (b: BookingView) => void;
  /** The driver's latest position (spec §5 location fetch, then each point the topic brings). */
  point: TrackingPoint | undefined;
  eta: { seconds: number; to: 'pickup' | 'drop' } | undefined;
  /** The last location fetch failed (spec §5: the localized location fetch error is shown); cleared by a point. */
  locationError: unknown;
}

/**
 * One trip, live: the booking re-read on `booking/<id>` events; the driver's position from one
 * location fetch and then straight from `tracking/<id>` events (they carry the point, so a
 * moving car costs no re-read); the time to the pickup or drop refreshed every 30 s.
 */
export function useTrip(id: string): TripState {
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchBooking({ params: { id } }, { signal }), [api, id]);
  const query = useApiQuery(load);
  useTopic(`booking/${id}`, query.reload);
  const booking = query.data;
  const status = booking?.status;
  // A failed delivery's parcel going back to its sender is a drive too, with its time to the pickup.
  const moving = status !== undefined && (MOVING.has(status) || (booking !== undefined && returning(booking)));
  const tracked = status !== undefined && (moving || status === 'REACHED');

  const [point, setPoint] = useState<TrackingPoint>();
  const [eta, setEta] = useState<TripState['eta']>();
  const [locationError, setLocationError] = useState<unknown>(null);
  const fetchTracking = useCallback(() => {
    api.fetchTracking({ params: { id } }).then(
      (r) => {
        setPoint(r.point);
        setLocationError(null);
        setEta(r.etaSeconds !== undefined && r.etaTo ? { seconds: r.etaSeconds, to: r.etaTo } : undefined);
      },
      // No point (spec §5 location fetch error) or no answer: the map shows the trip without a
      // fresh car, and the view says the location could not be fetched.
      (e: unknown) => {
        setLocationError(e);
        if (!isApiError(e) || e.status !== 404) setEta(undefined);
      },
    );
  }, [api, id]);

  useEffect(() => {
    if (!tracked) return undefined;
    fetchTracking();
    if (!moving) return undefined;
    const timer = setInterval(fetchTracking, ETA_EVERY_MS);
    return () => clearInterval(timer);
  }, [tracked, moving, fetchTracking]);

  useTopic(`tracking/${id}`, (data) => {
    if (data && typeof data.lat === 'number' && typeof data.lng === 'number') {
      setPoint(data as unknown as TrackingPoint);
      setLocationError(null);
    } else fetchTracking();
  }, tracked);

  return { booking, error: query.error, loading: query.loading, reload: query.reload, setBooking: query.setData, point, eta, locationError: tracked ? locationError : null };
}
