import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

interface State {
  error: Error | null;
}

/**
 * Last line of defence for render errors outside the router (providers, bootstrap). It uses the
 * i18n instance directly because it must work even when the React tree above it is broken.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorAlert error={this.state.error} />;
  }
}

export function ErrorAlert({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Box padding="l">
      <Alert
        type="error"
        header={i18n.t('unexpected_error_title')}
        action={<Button onClick={() => window.location.reload()}>{i18n.t('reload')}</Button>}
      >
        {i18n.t('unexpected_error_message')}
        {detail ? (
          <Box variant="small" display="block" margin={{ top: 'xs' }}>
            {detail}
          </Box>
        ) : null}
      </Alert>
    </Box>
  );
}
