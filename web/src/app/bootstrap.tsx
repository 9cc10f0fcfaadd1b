import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/page-spinner';
import { App } from './app';
import { boot, BootError, type BootResult } from './boot';
import { prefetchPublicPage } from './router';

type BootState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; result: BootResult };

/** Shows a spinner while the app starts, and a retryable error if it cannot. */
export function Bootstrap() {
  const { t } = useTranslation();
  const [state, setState] = useState<BootState>({ status: 'loading' });

  const start = useCallback(() => {
    setState({ status: 'loading' });
    boot().then(
      (result) => setState({ status: 'ready', result }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, []);

  useEffect(start, [start]);
  useEffect(() => prefetchPublicPage(window.location.pathname), []);

  if (state.status === 'ready') return <App {...state.result} />;
  if (state.status === 'loading') return <PageSpinner />;
  const { error } = state;
  return (
    <Box padding="l">
      <Alert
        type="error"
        header={t(error instanceof BootError ? error.messageKey : 'unexpected_error_title')}
        action={<Button onClick={start}>{t('retry')}</Button>}
      >
        {/* A config report is one problem per line. */}
        <span style={{ whiteSpace: 'pre-line' }}>{error instanceof Error ? error.message : String(error)}</span>
      </Alert>
    </Box>
  );
}
