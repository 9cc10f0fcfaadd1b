import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import type { BookingView } from '../../../../shared/src/contract';
import type { BookingStatus } from '../../../../shared/src/domain/booking-status';
import type { ApiClient } from '../../api/client';

/** What the server filters (spec: fetchBookings takes status and a trip-date range). */
export interface ServerFilters {
  statuses: readonly BookingStatus[];
  /** Whole days, as the date-only picker gives them. */
  range: DateRangePickerProps.AbsoluteValue | null;
}

export const NO_SERVER_FILTERS: ServerFilters = { statuses: [], range: null };

export const hasServerFilters = (f: ServerFilters) => f.statuses.length > 0 || f.range !== null;

/** 'YYYY-MM-DD' as local midnight (the picker's days are the user's days). */
function localDay(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** The query of `fetchBookings`: statuses comma-separated, the range from the first to the last ms of its days. */
export function serverQuery(f: ServerFilters): { status?: string; from?: number; to?: number } {
  const start = f.range ? localDay(f.range.startDate) : undefined;
  const end = f.range ? localDay(f.range.endDate) : undefined;
  return {
    ...(f.statuses.length ? { status: f.statuses.join(',') } : {}),
    ...(start ? { from: start.getTime() } : {}),
    ...(end ? { to: new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getTime() - 1 } : {}),
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
): Promise<{ items: BookingView[]; truncated: boolean }> {
  const items: BookingView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await api.fetchBookings({ query: { ...serverQuery(filters), limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) } }, { signal });
    items.push(...result.items);
    cursor = result.next;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}
