import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../components/error-text';

export interface LocationBannerProps {
  online: boolean;
  state: 'idle' | 'waiting' | 'sharing' | 'unavailable';
  reason?: 'denied' | 'unavailable';
  error?: unknown;
  queued?: number;
}

/**
 * A banner across the console when location sharing stops while the driver is online: the
 * permission refused or no position (red: no offers can come), or pings failing (amber: they are
 * kept and sent when the network returns). Nothing while sharing works.
 */
export function LocationBanner({ online, state, reason, error, queued }: LocationBannerProps) {
  const { t } = useTranslation();
  if (!online) return null;
  if (state === 'unavailable') {
    return (
      <Alert type="error" header={t('allow_location')} data-testid="location-banner">
        {reason === 'denied' ? t('location_permission_denied') : t('location_unavailable')}
      </Alert>
    );
  }
  if (error || (queued ?? 0) > 0) {
    return (
      <Alert type="warning" header={t('location_send_failed', { reason: error ? errorText(t, error) : '' })} data-testid="location-banner">
        {t('location_pings_queued', { count: queued ?? 0 })}
      </Alert>
    );
  }
  return null;
}
