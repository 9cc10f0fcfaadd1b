import type { UserProfile } from '../../../shared/src/contract/users';
import { maskContact } from '../../../shared/src/domain/demo-mode';
import { toDecimal } from '../../../shared/src/domain/money';
import type { ProfileItem } from '../adapters/dynamodb/user-repository';

/** A profile as admins see it: money in decimals, contact details hidden in demo mode (spec §6). */
export function presentUser(p: ProfileItem, criticalEdits: boolean): UserProfile {
  return maskContact({ ...p, walletBalance: toDecimal(p.walletBalance) }, criticalEdits);
}
