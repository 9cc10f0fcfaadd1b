import type { UserProfile } from '../../../shared/src/contract/users';
import { maskContact } from '../../../shared/src/domain/demo-mode';
import { toDecimal } from '../../../shared/src/domain/money';
import type { ProfileItem } from '../ports/users';

/** A stored profile in its API shape: the wallet in decimals. */
export function toUserProfile(p: ProfileItem): UserProfile {
  return { ...p, walletBalance: toDecimal(p.walletBalance) };
}

/** A profile as admins see it: contact details hidden in demo mode (spec §6). */
export function presentUser(p: ProfileItem, criticalEdits: boolean): UserProfile {
  return maskContact(toUserProfile(p), criticalEdits);
}
