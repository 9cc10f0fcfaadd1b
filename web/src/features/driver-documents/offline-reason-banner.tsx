import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DriverPresence } from '../../../../shared/src/contract/driver-presence';

/**
 * Why the platform set the driver offline (a document rejected or expired, or missing once the
 * rule was switched on), and what to do: upload it on the profile and wait for verification.
 */
export function OfflineReasonBanner({ reason }: { reason: DriverPresence['offlineReason'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!reason) return null;
  return (
    <Alert
      type="warning"
      header={t('doc_offline_banner_title')}
      action={<Button onClick={() => navigate('/profile')} data-testid="offline-reason-action">{t('doc_offline_banner_action')}</Button>}
      data-testid="offline-reason"
    >
      {t('doc_offline_banner', { document: t(`doc_${reason.documentType}`).toLowerCase(), problem: t(`doc_problem_${reason.problem}`) })}
    </Alert>
  );
}
