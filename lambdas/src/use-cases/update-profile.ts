import type { z } from 'zod';
import type { UpdateProfileBody, UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import { toDecimal } from '../../../shared/src/domain/money';
import { validateProfile } from '../../../shared/src/domain/profile-rules';
import { assertValid } from '../../../shared/src/domain/validation-result';
import type { Caller } from '../middleware/caller';
import type { UserStore } from '../ports/users';

/**
 * Spec §4 Profile and §5 profile save. Email and mobile are the sign-in identity of email users,
 * so they stay locked; other users may change them, and the unique claims move in the same
 * transaction as the profile.
 */
export async function updateProfile(
  deps: { users: UserStore },
  caller: Caller,
  body: z.infer<typeof UpdateProfileBody>,
): Promise<UserProfile> {
  const current = await deps.users.get(caller.uid);
  if (!current || current.usertype !== caller.role) throw new DomainError('not_valid_user_type', 403);
  const email = (body.email ?? current.email).trim().toLowerCase();
  const mobile = (body.mobile ?? current.mobile).trim();
  const next = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), email, mobile };
  assertValid(validateProfile(next));

  const identityChanged = email !== current.email || mobile !== current.mobile;
  if (identityChanged && current.loginType === 'email') throw new DomainError('update_failed', 400, 'Email and mobile cannot be changed for email sign-in accounts');

  const updated = await deps.users.updateProfile(current, next);
  return { ...updated, walletBalance: toDecimal(updated.walletBalance) };
}
