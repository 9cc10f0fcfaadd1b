import type { z } from 'zod/mini';
import type { UpdateProfileBody, UserProfile } from '../../../shared/src/contract/users';
import { DomainError } from '../../../shared/src/domain/errors';
import { validateProfile } from '../../../shared/src/domain/profile-rules';
import { assertValid } from '../../../shared/src/domain/validation-result';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { toUserProfile } from './present-user';

/**
 * Spec §4 Profile and §5 profile save. Email and mobile are the sign-in identity of email users,
 * so they stay locked; other users may change them, and the unique claims move in the same
 * transaction as the profile.
 */
export async function updateProfile(
  deps: { users: UserStore },
  account: Account,
  body: z.infer<typeof UpdateProfileBody>,
): Promise<UserProfile> {
  const current = account.profile;
  const email = (body.email ?? current.email).trim().toLowerCase();
  const mobile = (body.mobile ?? current.mobile).trim();
  const next = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), email, mobile };
  assertValid(validateProfile(next));

  const identityChanged = email !== current.email || mobile !== current.mobile;
  if (identityChanged && current.loginType === 'email') throw new DomainError('update_failed', 400, 'Email and mobile cannot be changed for email sign-in accounts');

  const updated = await deps.users.updateProfile(current, next);
  return toUserProfile(updated);
}
