import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import type { BookingView } from '../../../../shared/src/contract';
import type { BookingStatus } from '../../../../shared/src/domain/booking-status';
import { DEFAULT_TIME_ZONE, zonedDayRange } from '../../../../shared/src/domain/time-zone';
import type { ApiClient } from '../../api/client';

/** What the server filters (spec: fetchBookings takes status and a trip-date range). */
export interface ServerFilters {
  statuses: readonly BookingStatus[];
  /** Whole days, as the date-only picker gives them. */
  range: DateRangePickerProps.AbsoluteValue | null;
}

export const NO_SERVER_FILTERS: ServerFilters = { statuses: [], range: null };

export const hasServerFilters = (f: ServerFilters) => f.statuses.length > 0 || f.range !== null;

/**
 * The query of `fetchBookings`: statuses comma-separated, the range from the first to the last ms
 * of its days on the operator's clock (the days the dashboard and reports count), not the device's.
 */
export function serverQuery(f: ServerFilters, timeZone: string = DEFAULT_TIME_ZONE): { status?: string; from?: number; to?: number } {
  const days = f.range ? zonedDayRange(f.range.startDate.slice(0, 10), f.range.endDate.slice(0, 10), timeZone) : null;
  return {
    ...(f.statuses.length ? { status: f.statuses.join(',') } : {}),
    ...(days ? { from: days.from, to: days.to } : {}),
  };
}

/** A safety stop for the cursor loop: 20 pages of 100 are far more than a screen can show. */
export const MAX_PAGES = 20;
const PAGE_LIMIT = 100;

/** Every page of `fetchBookings` up to the cap, newest trip date first (the server's order). */
export async function fetchAllBookings(
  api: ApiClient,
  filters: ServerFilters,
  signal: AbortSignal,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<{ items: BookingView[]; truncated: boolean }> {
  const items: BookingView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await api.fetchBookings({ query: { ...serverQuery(filters, timeZone), limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) } }, { signal });
    items.push(...result.items);
    cursor = result.next;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}
