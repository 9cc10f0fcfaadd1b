import { describe, expect, it } from 'vitest';
import { instrument } from '../../../lambdas/src/observability/instrument';
import { traced, tracingOn } from '../../../lambdas/src/observability/tracer';

describe('tracing', () => {
  it('is on by Powertools\' own rule: inside Lambda, not under SAM or Amplify\'s mock, not when turned off', () => {
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' };
    expect(tracingOn({})).toBe(false);
    expect(tracingOn(lambda)).toBe(true);
    expect(tracingOn({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingOn({ ...lambda, AWS_SAM_LOCAL: 'true' })).toBe(false);
    expect(tracingOn({ AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' })).toBe(false);
  });

  it('where it is off, never loads the X-Ray SDK, whose async hook would track every promise of the process', async () => {
    expect(tracingOn()).toBe(false);
    const client = { send: () => undefined };
    expect(await traced(client)).toBe(client);
    const handler = instrument(async () => 'answered', { operation: 'probe', correlationId: () => 'probe-1', measure: () => undefined });
    expect(await handler({})).toBe('answered');
    // cls-hooked, under the X-Ray SDK, makes this registry when it is imported.
    expect((process as { namespaces?: unknown }).namespaces).toBeUndefined();
  });
});
