import type { UserProfile } from '../../../shared/src/contract/users';
import { toDecimal } from '../../../shared/src/domain/money';
import type { Account } from './admit-caller';

/** The profile was read and checked by the caller's admission; nothing more to read. */
export async function fetchUser(account: Account): Promise<UserProfile> {
  return { ...account.profile, walletBalance: toDecimal(account.profile.walletBalance) };
}
