import type { UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import { toDecimal } from '../../../shared/src/domain/money';
import type { Caller } from '../middleware/caller';
import type { UserStore } from '../ports/users';

/** A signed-in user without a profile, or whose profile disagrees with their group, is not a valid user. */
export async function fetchUser(deps: { users: UserStore }, caller: Caller): Promise<UserProfile> {
  const profile = await deps.users.get(caller.uid);
  if (!profile || profile.usertype !== caller.role) throw new DomainError('not_valid_user_type', 403);
  return { ...profile, walletBalance: toDecimal(profile.walletBalance) };
}
