import { useRouteError } from 'react-router-dom';
import { ErrorAlert } from './error-boundary';

/** Render errors inside routes (and failed lazy chunk loads after a redeploy) land here. */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorAlert error={error} />;
}
