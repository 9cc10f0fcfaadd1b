import type { UserProfile } from '../../../shared/src/contract/users';
import type { Account } from './admit-caller';
import { toUserProfile } from './present-user';

/** The profile was read and checked by the caller's admission; nothing more to read. */
export async function fetchUser(account: Account): Promise<UserProfile> {
  return toUserProfile(account.profile);
}
