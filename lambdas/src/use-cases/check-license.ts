import type { LicenseChecker, LicenseVerdict } from '../ports/license';

export type LicenseCheck =
  | { ok: true; verdict: Extract<LicenseVerdict, 'passed' | 'skipped'> }
  | { ok: false; verdict: Extract<LicenseVerdict, 'rejected' | 'unreachable'>; code: 'wrong_code' | 'base_settings_error_1' | 'base_settings_error_2' };

/**
 * Spec §7 licence check. On a settings save any failure is `wrong_code`; at sign-in (reqType
 * 'auth') a definite rejection is 'Base Settings Error 1' and an endpoint that cannot be asked
 * 'Base Settings Error 2', and the caller signs the user out. With no endpoint configured it passes.
 */
export async function checkLicense(
  deps: { license: LicenseChecker },
  request: { reqType: 'auth' | 'settings'; license?: string },
): Promise<LicenseCheck> {
  const verdict = await deps.license.check(request);
  if (verdict === 'passed' || verdict === 'skipped') return { ok: true, verdict };
  if (request.reqType === 'settings') return { ok: false, verdict, code: 'wrong_code' };
  return { ok: false, verdict, code: verdict === 'rejected' ? 'base_settings_error_1' : 'base_settings_error_2' };
}
