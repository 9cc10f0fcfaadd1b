import Alert from '@cloudscape-design/components/alert';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { keyForChannel } from './channel-keys';
import type { TripPoint } from './trip-point';

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'none' | 'outside';

/**
 * Asks the server whether a Book Now at the pickup would find a driver of the car type, each
 * time either changes (the answer of a stale question is dropped). A pickup outside every service
 * area is its own answer; any other failed question says nothing: booking asks again and answers
 * for itself.
 */
export function useDriverAvailability({ pickup, carTypeId, enabled }: { pickup: TripPoint | null; carTypeId: string | null; enabled: boolean }): AvailabilityState {
  const api = useApi();
  const [state, setState] = useState<AvailabilityState>('idle');
  const lat = pickup?.lat;
  const lng = pickup?.lng;
  const add = pickup?.add;
  useEffect(() => {
    if (!enabled || lat === undefined || lng === undefined || !add || !carTypeId) {
      setState('idle');
      return undefined;
    }
    const controller = new AbortController();
    setState('checking');
    api
      .checkAvailability({ body: { pickup: { lat, lng, add }, carTypeId } }, { signal: controller.signal })
      .then(
        (r) => { if (!controller.signal.aborted) setState(r.driversNearby ? 'available' : 'none'); },
        (e: unknown) => {
          if (!controller.signal.aborted) setState(isApiError(e) && e.code === 'outside_service_area' ? 'outside' : 'idle');
        },
      );
    return () => controller.abort();
  }, [api, enabled, lat, lng, add, carTypeId]);
  return state;
}

/** The answer under the car type: a warning when no driver is near, a quiet line otherwise. */
export function DriverAvailabilityNotice({ state, channel }: { state: AvailabilityState; channel: 'rider' | 'admin' }) {
  const { t } = useTranslation();
  if (state === 'none') {
    return (
      <Alert type="warning" data-testid="no-driver-nearby">
        {t(keyForChannel('no_driver_found_alert_messege', channel))}
      </Alert>
    );
  }
  if (state === 'outside') {
    return (
      <Alert type="warning" data-testid="outside-service-area">
        {t('outside_service_area')}
      </Alert>
    );
  }
  if (state === 'checking') return <StatusIndicator type="loading">{t('rider_checking_drivers')}</StatusIndicator>;
  if (state === 'available') return <StatusIndicator type="success" data-testid="drivers-nearby">{t('rider_drivers_nearby')}</StatusIndicator>;
  return null;
}
