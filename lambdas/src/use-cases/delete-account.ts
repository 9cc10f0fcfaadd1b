import type { DeviceStore, PushSender } from '../ports/push';
import type { IdentityProvider, UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { forgetUserDevices } from './forget-user-devices';

/** Spec §6: a user may delete their own account (their push devices go with it); the client signs out afterwards. */
export async function deleteAccount(
  deps: { users: UserStore; identity: IdentityProvider; devices: DeviceStore; push: () => PushSender }, account: Account,
): Promise<{ deleted: true }> {
  await deps.identity.deleteUser(account.profile.id, account.profile.email);
  await deps.users.deleteWithClaims(account.profile);
  await forgetUserDevices(deps, account.profile.id);
  return { deleted: true };
}
