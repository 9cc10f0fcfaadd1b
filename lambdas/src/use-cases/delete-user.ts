import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import type { DeviceStore, PushSender } from '../ports/push';
import type { IdentityProvider, UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { forgetUserDevices } from './forget-user-devices';
import { loadManagedUser } from './load-managed-user';

/** Spec §5 Demo mode refuses deletes of riders, drivers and fleet admins; the Cognito user and their push devices go too. */
export async function deleteUser(
  deps: { users: UserStore; identity: IdentityProvider; devices: DeviceStore; push: () => PushSender }, account: Account, id: string,
): Promise<{ deleted: true }> {
  assertCriticalEditsAllowed(account.settings);
  const target = await loadManagedUser(deps, account, id);
  await deps.identity.deleteUser(target.id, target.email);
  await deps.users.deleteWithClaims(target);
  await forgetUserDevices(deps, target.id);
  return { deleted: true };
}
