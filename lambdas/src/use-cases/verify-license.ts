import { DomainError } from '../../../shared/src/domain/errors';
import type { LicenseChecker } from '../ports/license';
import { checkLicense } from './check-license';

export async function verifyLicense(deps: { license: LicenseChecker }): Promise<{ ok: true }> {
  const result = await checkLicense(deps, { reqType: 'auth' });
  if (!result.ok) throw new DomainError(result.code, 403);
  return { ok: true };
}
