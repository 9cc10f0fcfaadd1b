import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../app/settings-context';

/** The page notice that critical edits are off (demo mode). Nothing when they are allowed. */
export function DemoModeNotice() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  if (settings.AllowCriticalEditsAdmin) return null;
  return (
    <Alert type="warning" data-testid="demo-mode-notice">
      {t('demo_mode_notice')}
    </Alert>
  );
}
