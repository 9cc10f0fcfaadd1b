import type { z } from 'zod/mini';
import type { AddUserBody, UserProfile } from '../../../shared/src/contract/users';
import { isEmailGeneral } from '../../../shared/src/domain/email';
import { DomainError } from '../../../shared/src/domain/errors';
import { validatePassword } from '../../../shared/src/domain/password';
import { validateName } from '../../../shared/src/domain/register-rules';
import { assertValid, fail, firstFailure, OK } from '../../../shared/src/domain/validation-result';
import type { CarTypeStore } from '../ports/catalog';
import type { Account } from './admit-caller';
import { assertCarTypeName } from './assert-car-type-name';
import { createUserAccount, type AccountDeps } from './create-user-account';
import { presentUser } from './present-user';

/**
 * Spec §5 Other: the existence check runs first (user_exists; a failing check email_or_mobile_issue);
 * a driver's carType must be a car type name; new drivers are approved, active and not queued; a
 * fleet admin adds drivers only, stamped with its uid.
 */
export async function addUser(
  deps: AccountDeps & { carTypes: CarTypeStore },
  account: Account,
  body: z.infer<typeof AddUserBody>,
): Promise<UserProfile> {
  const byFleet = account.profile.usertype === 'fleetadmin';
  if (byFleet && body.usertype !== 'driver') throw new DomainError('forbidden', 403);
  const email = body.email.trim().toLowerCase();
  assertValid(firstFailure(
    () => validateName(body.firstName, 'firstName'),
    () => validateName(body.lastName, 'lastName'),
    () => (isEmailGeneral(email) ? OK : fail('proper_email', 'email')),
    () => validatePassword(body.password),
  ));
  if (body.usertype === 'driver') await assertCarTypeName(deps.carTypes, body.carType);
  let taken: boolean;
  try {
    taken = await deps.users.emailOrMobileTaken(email, body.mobile);
  } catch {
    throw new DomainError('email_or_mobile_issue', 503);
  }
  if (taken) throw new DomainError('user_exists', 409);

  const { usertype, firstName, lastName, mobile, password, ...driverFields } = body;
  const profile = await createUserAccount(deps, {
    firstName, lastName, email, mobile, password, usertype,
    approved: true, emailVerified: true, loginType: 'email', createdByAdmin: true,
    fleetadmin: byFleet ? account.profile.id : undefined,
    driver: usertype === 'driver' ? driverFields : undefined,
  });
  return presentUser(profile, account.settings.AllowCriticalEditsAdmin);
}
