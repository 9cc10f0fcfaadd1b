import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/src/contract/routes';
import { api, DEMO } from './support/endpoints';

describe('throttling of public identity calls (contract `throttle`, API Gateway method settings)', () => {
  it('answers 429 rate_limited beyond the burst, then recovers', async () => {
    const { burst, ratePerSecond } = contract.checkUserExists.throttle!;
    const results = await Promise.all(Array.from({ length: burst * 3 }, () => api('POST', '/auth/check-user-exists', { body: { email: DEMO.rider } })));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.body.error.code).toBe('rate_limited');
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(burst - 1);
    // Let the bucket refill so later suites are not affected.
    await new Promise((r) => setTimeout(r, Math.ceil((burst / ratePerSecond) * 1000) + 200));
    expect((await api('POST', '/auth/check-user-exists', { body: { email: DEMO.rider } })).status).toBe(200);
  });
});
