import type { IdentityProvider, UserStore } from '../ports/users';
import type { Account } from './admit-caller';

/** Spec §6: a user may delete their own account; the client signs out afterwards. */
export async function deleteAccount(deps: { users: UserStore; identity: IdentityProvider }, account: Account): Promise<{ deleted: true }> {
  await deps.identity.deleteUser(account.profile.id, account.profile.email);
  await deps.users.deleteWithClaims(account.profile);
  return { deleted: true };
}
