import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import type { IdentityProvider, UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { loadManagedUser } from './load-managed-user';

/** Spec §5 Demo mode refuses deletes of riders, drivers and fleet admins; the Cognito user goes too. */
export async function deleteUser(deps: { users: UserStore; identity: IdentityProvider }, account: Account, id: string): Promise<{ deleted: true }> {
  assertCriticalEditsAllowed(account.settings);
  const target = await loadManagedUser(deps, account, id);
  await deps.identity.deleteUser(target.id, target.email);
  await deps.users.deleteWithClaims(target);
  return { deleted: true };
}
