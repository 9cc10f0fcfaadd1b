import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { EmptyState } from '../../components/empty-state';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useFollow } from '../../components/use-follow';
import { bookingFormat, STATUS_INDICATOR } from '../../features/booking/booking-format';
import { tripHref } from '../../features/trip/trip-href';
import { useActiveTrips } from '../../features/trip/use-active-trips';

/**
 * /trip with no booking: the caller's trips that are on, each a link to its live view, kept
 * current by the bookings topic. With none, it says so and offers to book (riders).
 */
export function ActiveTripsList() {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const { role } = useAuth();
  const follow = useFollow();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const f = useMemo(() => bookingFormat(t, locale, settings.symbol), [t, locale, settings.symbol]);
  const { trips, error, reload } = useActiveTrips();
  const bookLabel = t(settings.appMode === 'delivery' ? 'rider_send_parcel' : 'rider_book_ride');

  return (
    <SpaceBetween size="m">
      <LoadErrorAlert error={error} onRetry={reload} />
      <Cards<BookingView>
        variant="full-page"
        items={trips ?? []}
        loading={trips === undefined && !error}
        loadingText={t('loading')}
        trackBy="id"
        header={
          <Header variant="awsui-h1-sticky" counter={trips ? `(${trips.length})` : undefined} description={t('rider_trips_description')}>
            {t('rider_trips_title')}
          </Header>
        }
        empty={
          <EmptyState
            title={t('rider_no_trips')}
            subtitle={t('rider_no_trips_hint')}
            action={role === 'rider' ? <Button variant="primary" href="/" onFollow={follow} data-testid="trip-list-book">{bookLabel}</Button> : undefined}
          />
        }
        cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
        cardDefinition={{
          header: (b) => (
            <Link href={tripHref(b.id)} onFollow={follow} fontSize="heading-m">
              {b.booking_id}
            </Link>
          ),
          sections: [
            { id: 'status', header: t('col_booking_status'), content: (b) => <StatusIndicator type={STATUS_INDICATOR[b.status]}>{f.status(b.status)}</StatusIndicator>, width: 50 },
            { id: 'tripdate', header: t('col_booking_date'), content: (b) => f.dateTime(b.tripdate), width: 50 },
            { id: 'pickup', header: t('col_pickup_address'), content: (b) => b.pickupAddress },
            { id: 'drop', header: t('col_drop_address'), content: (b) => b.dropAddress },
            { id: 'driver', header: t('col_driver_name'), content: (b) => b.driver_name ?? <Box color="text-status-inactive">—</Box>, width: 50 },
            { id: 'fare', header: t('trip_fare'), content: (b) => f.money(b.trip_cost), width: 50 },
          ],
        }}
        data-testid="active-trips"
      />
    </SpaceBetween>
  );
}
