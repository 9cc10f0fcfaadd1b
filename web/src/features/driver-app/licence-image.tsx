import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import './driver-app.css';

/**
 * A driver's licence image (private: read through a short-lived link), for the driver on their
 * profile and for admins and the driver's fleet admin on the user form. `version` re-reads it.
 */
export function LicenceImage({ uid, name, version }: { uid: string; name: string; version?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback(
    (signal: AbortSignal) => api.fetchLicenceImage({ params: { id: uid } }, { signal }),
    // `version` (the stored key) changes when a new licence is saved: read the new one.
    [api, uid, version],
  );
  const link = useApiQuery(load);
  if (link.error) return <LoadErrorAlert error={link.error} onRetry={link.reload} />;
  if (!link.data) return <Spinner />;
  return link.data.url ? (
    <img className="driver-licence" src={link.data.url} alt={t('driver_licence_alt', { name })} data-testid="licence-image" />
  ) : (
    <Box color="text-status-inactive" data-testid="licence-none">{t('driver_licence_none')}</Box>
  );
}
