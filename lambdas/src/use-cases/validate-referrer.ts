import { DomainError } from '../../../shared/src/domain/errors';
import type { UserStore } from '../ports/users';

/** Spec validate_referrer; the referrer's uid stays on the server (sign-up stores it). */
export async function validateReferrer(deps: { users: UserStore }, referralId: string): Promise<{ valid: true }> {
  if (!(await deps.users.uidByReferral(referralId))) throw new DomainError('referer_not_found', 404);
  return { valid: true };
}
