import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageSpinner } from '../../components/page-spinner';
import { bookingFormat } from '../../features/booking/booking-format';
import { DriverTripActions } from '../../features/trip/driver-trip-actions';
import { RiderTripActions } from './rider-trip-actions';
import { TripView } from '../../features/trip/trip-view';
import { useTrip } from '../../features/trip/use-trip';
import { ActiveTripsList } from './active-trips-list';

const BOOKING_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /trip?id=<booking>: the trip as it happens (beyond the spec, which has no trip screen). Riders
 * watch their driver come and go, chat, cancel, pay and rate; the driver gets the trip's steps;
 * admins and fleet admins look on. Protected routes are exact paths, so the booking is in the query;
 * without one, the page lists the trips that are on.
 */
export default function TripPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id');
  // No booking named: the trips that are on, rather than a dead end.
  if (raw === null || raw === '') return <ActiveTripsList />;
  return BOOKING_ID.test(raw) ? <Trip id={raw} /> : <Alert type="error">{t('trip_not_found')}</Alert>;
}

function Trip({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const { role } = useAuth();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const format = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);
  const trip = useTrip(id);
  if (!trip.booking) {
    return trip.error ? <LoadErrorAlert error={trip.error} onRetry={trip.reload} /> : <PageSpinner />;
  }
  const b = trip.booking;
  const actions = role === 'rider'
    ? <RiderTripActions booking={b} format={format} onChange={trip.setBooking} />
    : role === 'driver' ? <DriverTripActions booking={b} onChange={trip.setBooking} /> : null;
  return (
    <ContentLayout header={<Header variant="h1">{t('trip_title', { id: b.booking_id })}</Header>}>
      <TripView trip={{ ...trip, booking: b }} format={format} viewer={role ?? 'rider'} actions={actions} />
    </ContentLayout>
  );
}
