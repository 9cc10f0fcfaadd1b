import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * Created once per container and imported everywhere. Tracing is on only inside Lambda with
 * active tracing (Powertools turns itself off elsewhere, and with POWERTOOLS_TRACE_ENABLED=false),
 * so the local cloud and the tests never look for an X-Ray daemon.
 */
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'ride-platform' });
