import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy page chunk or the auth state loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }}>
      <div role="status" aria-live="polite">
        <Spinner size="large" />
        <Box variant="p" color="text-status-inactive">
          {t('loading')}
        </Box>
      </div>
    </Box>
  );
}
