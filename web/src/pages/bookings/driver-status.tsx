import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { useTopic } from '../../live/use-topic';
import { useAuth } from '../../auth/auth-context';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { presenceState, type BookingFormat } from '../../features/booking/booking-format';
import { useLocationSharing } from './use-location-sharing';
import { OfflineReasonBanner } from '../../features/driver-documents/offline-reason-banner';
import { LocationBanner } from '../../features/driver-app/location-banner';
import { useDriverApp } from '../../features/driver-app/use-driver-app';

const PRESENCE_INDICATOR = {
  offline: { type: 'stopped', key: 'driver_offline' },
  on_trip: { type: 'in-progress', key: 'driver_on_trip' },
  ready: { type: 'success', key: 'driver_ready' },
  waiting_location: { type: 'pending', key: 'driver_waiting_location' },
} as const;

/**
 * The driver's "Your status": online or offline (driverActiveStatus; offline drivers are never
 * dispatched), and while online the browser's location goes to the server at most every 5 s.
 * Without geolocation the spec's allow_location message shows in red (§8).
 */
export function DriverStatus({ format }: { format: BookingFormat }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchDriverPresence({}, { signal }), [api]);
  const presence = useApiQuery(load);
  // A trip taken or finished changes the profile's queue: the verdict (ready or busy) follows it.
  const { user } = useAuth();
  useTopic(`user/${user?.id ?? ''}`, presence.reload, user !== null);
  const [busy, setBusy] = useState(false);
  const [toggleError, setToggleError] = useState<unknown>(null);

  const online = presence.data?.online ?? false;
  const sharing = useLocationSharing(api, online);
  useDriverApp(api, online, i18n.resolvedLanguage ?? i18n.language);

  // Dispatch needs a fresh location: once the first ping lands, the server's verdict changes.
  const { reload, data } = presence;
  useEffect(() => {
    if (sharing.lastSentAt !== undefined && data?.online && !data.dispatchable && !data.queue) reload();
  }, [sharing.lastSentAt, data?.online, data?.dispatchable, data?.queue, reload]);

  const setOnline = async (next: boolean) => {
    setBusy(true);
    setToggleError(null);
    try {
      presence.setData(await api.setDriverAvailability({ body: { online: next } }));
    } catch (e) {
      setToggleError(e);
    } finally {
      setBusy(false);
    }
  };

  const indicator = presence.data ? PRESENCE_INDICATOR[presenceState(presence.data)] : undefined;
  const lastSentAt = sharing.lastSentAt ?? presence.data?.locationAt;

  return (
    <Container header={<Header variant="h2" description={t('driver_status_description')}>{t('driver_status_title')}</Header>}>
      <SpaceBetween size="s">
        <LoadErrorAlert error={presence.error} onRetry={presence.reload} />
        <OfflineReasonBanner reason={presence.data?.offlineReason} />
        <LocationBanner online={online} {...sharing} />
        <Toggle
          checked={online}
          disabled={busy || !presence.data}
          onChange={({ detail }) => void setOnline(detail.checked)}
          description={t('driver_online_hint')}
          data-testid="driver-online-toggle"
        >
          {/* The switch says what the driver is now; its label is part of the switch, so a tap on it toggles. */}
          {t(online ? 'driver_online_toggle' : 'driver_offline_toggle')}
        </Toggle>
        {indicator ? (
          <StatusIndicator type={indicator.type} data-testid="driver-presence">
            {t(indicator.key)}
          </StatusIndicator>
        ) : null}
        {online && sharing.state === 'unavailable' ? (
          // Spec §8: allow_location, in red.
          <StatusIndicator type="error" data-testid="allow-location">
            {t('allow_location')}
          </StatusIndicator>
        ) : null}
        {online && sharing.state === 'waiting' ? <StatusIndicator type="loading">{t('location_waiting')}</StatusIndicator> : null}
        {lastSentAt !== undefined && (online || sharing.lastSentAt !== undefined) ? (
          <StatusIndicator type="info" data-testid="location-last-sent">
            {t('location_last_sent', { time: format.time(lastSentAt) })}
          </StatusIndicator>
        ) : null}
        {sharing.error ? (
          <StatusIndicator type="warning">{t('location_send_failed', { reason: errorText(t, sharing.error) })}</StatusIndicator>
        ) : null}
        {toggleError ? <Alert type="error">{errorText(t, toggleError)}</Alert> : null}
      </SpaceBetween>
    </Container>
  );
}
