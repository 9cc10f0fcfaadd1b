import { DomainError } from '../../../shared/src/domain/errors';
import type { ClientAddress } from '../ports/client-address';
import type { UserStore } from '../ports/users';
import { limitIdentityCheck, type AttemptDeps } from './limit-attempts';

/** Spec validate_referrer; the referrer's uid stays on the server (sign-up stores it). Limited per client against guessing ids. */
export async function validateReferrer(deps: AttemptDeps & { users: UserStore }, referralId: string, client: ClientAddress): Promise<{ valid: true }> {
  await limitIdentityCheck(deps, client);
  if (!(await deps.users.uidByReferral(referralId))) throw new DomainError('referer_not_found', 404);
  return { valid: true };
}
