import type { z } from 'zod/mini';
import type { DriverDetailsBody, UserProfile } from '../../../shared/src/contract/users';
import type { CarTypeStore } from '../ports/catalog';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { assertCarTypeName } from './assert-car-type-name';
import { toUserProfile } from './present-user';

/**
 * Spec §3 driver extras, edited by the driver: the vehicle, other info and the bank details that
 * every withdrawal request takes when it names none. Only the caller's own profile (the route is
 * /me and drivers only); a car type must be one of the car type names, as on every other path.
 */
export async function updateDriverDetails(
  deps: { users: UserStore; carTypes: CarTypeStore },
  account: Account,
  body: z.infer<typeof DriverDetailsBody>,
): Promise<UserProfile> {
  if (body.carType !== undefined) await assertCarTypeName(deps.carTypes, body.carType);
  const updated = await deps.users.setFields(account.profile.id, { ...body });
  return toUserProfile(updated);
}
