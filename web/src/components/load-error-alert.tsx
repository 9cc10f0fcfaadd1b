import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text';

/** The alert of a failed page load, with Retry. Nothing while there is no error. */
export function LoadErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert type="error" header={t('load_failed')} action={<Button onClick={onRetry}>{t('retry')}</Button>}>
      {errorText(t, error)}
    </Alert>
  );
}
