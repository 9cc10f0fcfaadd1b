import type { ClientAddress } from '../ports/client-address';
import type { UserStore } from '../ports/users';
import { limitIdentityCheck, type AttemptDeps } from './limit-attempts';

/** Spec check_user_exists: whether, never who; limited per client, so it cannot list who has an account. */
export async function checkUserExists(
  deps: AttemptDeps & { users: UserStore }, input: { email?: string; mobile?: string }, client: ClientAddress,
): Promise<{ exists: boolean }> {
  await limitIdentityCheck(deps, client);
  return { exists: await deps.users.emailOrMobileTaken((input.email ?? '').trim().toLowerCase(), input.mobile ?? '') };
}
