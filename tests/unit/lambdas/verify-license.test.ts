import { describe, expect, it } from 'vitest';
import type { LicenseVerdict } from '../../../lambdas/src/ports/license';
import { verifyLicense } from '../../../lambdas/src/use-cases/verify-license';

const checker = (verdict: LicenseVerdict) => ({ license: { check: async () => verdict } });

describe('§4 Startup / §7 licence check at sign-in', () => {
  it.each(['passed', 'skipped'] as const)('lets the session go on when %s', async (v) => {
    await expect(verifyLicense(checker(v))).resolves.toEqual({ ok: true });
  });

  it.each([['rejected', 'base_settings_error_1'], ['unreachable', 'base_settings_error_2']] as const)('refuses %s with %s', async (v, code) => {
    await expect(verifyLicense(checker(v))).rejects.toMatchObject({ status: 403, code });
  });
});
