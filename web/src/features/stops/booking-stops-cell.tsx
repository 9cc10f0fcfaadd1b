import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import './stops.css';

/** A booking's stops as one line of text (sorting, filtering, the cell's plain form). */
export const stopsText = (b: BookingView) => (b.stops ?? []).map((s, i) => `${i + 1}. ${s.add}`).join(' · ');

/**
 * The bookings table's (and phone cards') stops: numbered, in order, a reached one struck through,
 * and how many are reached while the trip runs.
 */
export function BookingStopsCell({ booking: b }: { booking: BookingView }) {
  const { t } = useTranslation();
  const stops = b.stops ?? [];
  if (!stops.length) return null;
  const reached = b.stopsReached ?? 0;
  return (
    <div data-testid="booking-stops">
      <ol className="trip-stops">
        {stops.map((s, i) => (
          <li key={i} className={i < reached ? 'trip-stops__reached' : undefined}>
            <span className="trip-stops__place">{s.add}</span>
          </li>
        ))}
      </ol>
      {reached > 0 || b.status === 'STARTED' ? (
        <Box fontSize="body-s" color="text-body-secondary">{t('stops_progress', { reached, count: stops.length })}</Box>
      ) : null}
    </div>
  );
}
