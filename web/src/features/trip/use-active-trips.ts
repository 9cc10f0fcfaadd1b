import { useCallback } from 'react';
import type { BookingView } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useAuth } from '../../auth/auth-context';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { audienceTopic } from '../booking/booking-format';

/** From the booking to the drop: a driver is being found, is on the way, or is driving. */
const ON_STATUSES = 'NEW,ACCEPTED,ARRIVED,STARTED,REACHED';
/** A screen's worth: more trips on at once than this is an admin's view, not a banner's. */
const LIMIT = 50;

/**
 * A trip is on from a Book Now until the drop: a Book Later booking still waiting for its day is
 * not (it is in the bookings list, and its own dispatch makes it one).
 */
export function isTripOn(b: Pick<BookingView, 'status' | 'bookLater' | 'dispatchRound'>): boolean {
  if (b.status === 'NEW') return !b.bookLater || b.dispatchRound > 0;
  return ['ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED'].includes(b.status);
}

export interface ActiveTrips {
  trips: BookingView[] | undefined;
  error: unknown;
  reload: () => void;
}

/**
 * The caller's trips that are on, kept current by the live topic of their bookings list (the
 * server sends it when any of them changes: an accept, each step, the end), so nothing polls.
 */
export function useActiveTrips(enabled = true): ActiveTrips {
  const api = useApi();
  const { user, role } = useAuth();
  const load = useCallback(
    (signal: AbortSignal) =>
      enabled && user
        ? api.fetchBookings({ query: { status: ON_STATUSES, limit: LIMIT } }, { signal }).then((r) => r.items.filter(isTripOn))
        : Promise.resolve([]),
    [api, enabled, user],
  );
  const query = useApiQuery(load);
  const topic = audienceTopic(role, user?.id);
  useTopic(topic ?? '', query.reload, enabled && topic !== undefined);
  return { trips: query.data, error: query.error, reload: query.reload };
}
