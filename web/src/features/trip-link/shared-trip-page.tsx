import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ResponseOf } from '../../../../shared/src/contract';
import type { fetchSharedTrip } from '../../../../shared/src/contract/trip-link';
import { TRIP_LINK_TOKEN_PATTERN } from '../../../../shared/src/domain/trip-link';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { LazyTripMap } from '../../components/map/lazy-trip-map';
import { bookingFormat, STATUS_INDICATOR } from '../booking/booking-format';
import './shared-trip.css';

type SharedTrip = ResponseOf<typeof fetchSharedTrip>;

/**
 * Every 10 s the page asks again. A stranger's page holds no account, so it cannot subscribe to
 * the signed-in live topics, and a topic of its own would be a second credential to revoke; a
 * read costs a few item reads and one route (the time left), so the driver's position is at most
 * ten seconds old and the link's end shows within ten seconds.
 */
const POLL_MS = 10_000;

/**
 * /t/<token>: the live trip behind a share link, for anyone who has it, with no sign-in. It shows
 * what the public read answers and nothing more; a dead link (ended trip, revoked, unknown) says so.
 */
export default function SharedTripPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { token = '' } = useParams();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const f = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);
  const [trip, setTrip] = useState<SharedTrip>();
  const [gone, setGone] = useState(!TRIP_LINK_TOKEN_PATTERN.test(token));
  const [failed, setFailed] = useState(false);

  const read = useCallback(() => {
    api.fetchSharedTrip({ params: { token } }).then(
      (r) => { setTrip(r); setFailed(false); },
      (e: unknown) => {
        // Gone for good: the trip ended or the rider took the link back. Anything else is retried.
        if (isApiError(e) && (e.status === 404 || e.status === 400)) { setGone(true); setTrip(undefined); } else setFailed(true);
      },
    );
  }, [api, token]);

  useEffect(() => {
    if (gone) return undefined;
    read();
    const timer = setInterval(read, POLL_MS);
    return () => clearInterval(timer);
  }, [gone, read]);

  const title = <Header variant="h1" description={t('shared_trip_notice')}>{t('shared_trip_title')}</Header>;
  if (gone) {
    return (
      <main className="shared-trip">
        <ContentLayout header={<Header variant="h1">{settings.appName}</Header>}>
          <Container header={<Header variant="h2">{t('shared_trip_gone_title')}</Header>} data-testid="shared-trip-gone">
            <Box variant="p">{t('shared_trip_gone')}</Box>
          </Container>
        </ContentLayout>
      </main>
    );
  }
  if (!trip) {
    return <main className="shared-trip"><Box textAlign="center" padding="xxl">{failed ? <StatusIndicator type="warning">{t('request_failed')}</StatusIndicator> : <Spinner size="large" />}</Box></main>;
  }

  const car = [trip.vehicleMake, trip.vehicleModel].filter(Boolean).join(' ');
  const eta = trip.status === 'ARRIVED'
    ? [{ label: t('shared_trip_eta_pickup'), value: t('shared_trip_at_pickup') }]
    : trip.etaSeconds !== undefined && trip.etaTo
      ? [{ label: t(trip.etaTo === 'pickup' ? 'shared_trip_eta_pickup' : 'shared_trip_eta_drop'), value: f.duration(trip.etaSeconds) }]
      : [];
  const details = [
    { label: t('shared_trip_status'), value: <StatusIndicator type={STATUS_INDICATOR[trip.status]}>{f.status(trip.status)}</StatusIndicator> },
    ...(trip.driverFirstName ? [{ label: t('shared_trip_driver'), value: <span data-testid="shared-trip-driver">{trip.driverFirstName}</span> }] : []),
    { label: t('shared_trip_car'), value: [car || trip.carType, car ? trip.carType : undefined, trip.vehicleNumber].filter(Boolean).join(' · ') },
    ...eta,
    { label: t('shared_trip_from'), value: trip.pickupArea },
    ...(trip.stopCount ? [{ label: t('stops_label'), value: <span data-testid="shared-trip-stops">{t('stops_progress', { reached: trip.stopsReached ?? 0, count: trip.stopCount })}</span> }] : []),
    { label: t('shared_trip_to'), value: trip.dropArea },
  ];
  const drivers = trip.position ? [{ id: 'driver', lat: trip.position.lat, lng: trip.position.lng, label: trip.driverFirstName ?? t('shared_trip_driver') }] : [];

  return (
    <main className="shared-trip">
      <ContentLayout header={title}>
        <Container data-testid="shared-trip">
          <ColumnLayout columns={2} variant="text-grid">
            <SpaceBetween size="m">
              <KeyValuePairs columns={1} items={details} />
              {trip.status === 'NEW' || trip.status === 'PAYMENT_PENDING' ? <StatusIndicator type="loading">{t('shared_trip_waiting')}</StatusIndicator> : null}
            </SpaceBetween>
            <SpaceBetween size="xs">
              <LazyTripMap pickup={trip.pickup} drop={trip.drop} drivers={drivers} keepDriversInView height={320} ariaLabel={t('shared_trip_map')} />
              {trip.position ? <Box variant="small" color="text-body-secondary">{t('shared_trip_updated', { time: f.time(trip.position.at) })}</Box> : null}
            </SpaceBetween>
          </ColumnLayout>
        </Container>
      </ContentLayout>
    </main>
  );
}
