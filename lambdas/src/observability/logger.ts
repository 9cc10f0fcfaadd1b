import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { currentCorrelationId } from './correlation';
import { madeOnFirstUse } from './made-on-first-use';

/**
 * Powertools' standard log line plus `correlation_id`, read from the invocation's own scope when
 * the line is written. `logger.appendKeys` would keep it on the one shared logger, where
 * invocations running side by side (the local cloud) would overwrite each other's id.
 */
class CorrelatedLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const context = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        correlation_id: currentCorrelationId(),
        cold_start: context?.coldStart,
        function_arn: context?.invokedFunctionArn,
        function_memory_size: context?.memoryLimitInMB,
        function_name: context?.functionName,
        function_request_id: context?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }
}

/** Created once per container, on its first use (not at import), and imported everywhere. */
export const logger: Logger = madeOnFirstUse(() => new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'ride-platform',
  logFormatter: new CorrelatedLogFormatter(),
}));
