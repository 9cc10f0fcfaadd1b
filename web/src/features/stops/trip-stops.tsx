import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { BookingPoint, BookingView } from '../../../../shared/src/contract';
import { nextStopIndex } from '../../../../shared/src/domain/stops';
import { NavigateButton } from '../driver-app/navigate-button';
import './stops.css';

/** Stops in driving order, as the estimate and a booking's card list them. */
export function StopList({ stops }: { stops: readonly Pick<BookingPoint, 'add'>[] }) {
  return (
    <ol className="trip-stops" data-testid="stop-list">
      {stops.map((s, i) => <li key={i}><span className="trip-stops__place">{s.add}</span></li>)}
    </ol>
  );
}

/**
 * A booking's stops as its trip goes (the rider's trip view, the driver's console): each marked
 * reached, next or to come; the driver can open each one not yet reached in the maps app.
 */
export function TripStops({ booking: b, driving }: { booking: BookingView; driving: boolean }) {
  const { t } = useTranslation();
  const stops = b.stops ?? [];
  const reached = b.stopsReached ?? 0;
  const next = nextStopIndex(b);
  const moving = b.status === 'STARTED';
  return (
    <ol className="trip-stops" data-testid="trip-stops">
      {stops.map((s, i) => {
        const done = i < reached;
        return (
          <li key={i} className={done ? 'trip-stops__reached' : undefined} data-testid={`trip-stop-${i + 1}`} data-reached={done ? 'true' : 'false'}>
            <SpaceBetween size="xxs">
              <span className="trip-stops__place">{s.add}</span>
              <Box fontSize="body-s">
                {done ? (
                  <StatusIndicator type="success">{t('stop_reached')}</StatusIndicator>
                ) : i === next && moving ? (
                  <StatusIndicator type="in-progress">{t('stop_next')}</StatusIndicator>
                ) : (
                  <StatusIndicator type="pending">{t('stop_to_come')}</StatusIndicator>
                )}
              </Box>
              {driving && !done ? <NavigateButton point={s} to="stop" n={i + 1} place={s.add} /> : null}
            </SpaceBetween>
          </li>
        );
      })}
    </ol>
  );
}
