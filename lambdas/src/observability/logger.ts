import { Logger } from '@aws-lambda-powertools/logger';

/** Created once per container and imported everywhere. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'ride-platform' });
