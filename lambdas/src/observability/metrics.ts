import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger';
import { madeOnFirstUse } from './made-on-first-use';

/**
 * Created once per container, on its first use (not at import), and imported everywhere.
 * CloudWatch embedded metric format on stdout: no API call, no permission. The namespace and service come from the function's
 * environment (POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_SERVICE_NAME); POWERTOOLS_METRICS_DISABLED
 * silences the output where nothing collects it (the local cloud). Powertools' own warnings go
 * through our logger, so they follow its level.
 */
export const metrics: Metrics = madeOnFirstUse(() => new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'ride-platform',
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'ride-platform',
  logger,
}));

export { MetricUnit };
