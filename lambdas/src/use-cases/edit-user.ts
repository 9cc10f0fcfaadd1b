import { DomainError } from '../../../shared/src/domain/errors';
import type { UserProfile } from '../../../shared/src/contract/users';
import { validateName } from '../../../shared/src/domain/register-rules';
import { assertValid } from '../../../shared/src/domain/validation-result';
import type { CarTypeStore } from '../ports/catalog';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { assertCarTypeName } from './assert-car-type-name';
import { loadManagedUser } from './load-managed-user';
import { presentUser } from './present-user';

const DRIVER_ONLY = ['vehicleMake', 'vehicleModel', 'vehicleNumber', 'other_info', 'carType', 'bankName', 'bankCode', 'bankAccount', 'driverActiveStatus'] as const;

export interface EditUserInput {
  firstName?: string; lastName?: string; driverActiveStatus?: boolean;
  vehicleMake?: string; vehicleModel?: string; vehicleNumber?: string; other_info?: string; carType?: string;
  bankName?: string; bankCode?: string; bankAccount?: string;
}

/** Spec §5 Other: email and mobile are editable only on add; driver fields only on drivers. */
export async function editUser(deps: { users: UserStore; carTypes: CarTypeStore }, account: Account, id: string, body: EditUserInput): Promise<UserProfile> {
  const target = await loadManagedUser(deps, account, id);
  if (body.firstName !== undefined) assertValid(validateName(body.firstName, 'firstName'));
  if (body.lastName !== undefined) assertValid(validateName(body.lastName, 'lastName'));
  if (target.usertype !== 'driver' && DRIVER_ONLY.some((f) => body[f] !== undefined)) {
    throw new DomainError('validation_error', 400, 'Vehicle, bank and activity fields belong to drivers');
  }
  if (body.carType !== undefined) await assertCarTypeName(deps.carTypes, body.carType);
  const fields = { ...body, firstName: body.firstName?.trim(), lastName: body.lastName?.trim() };
  const updated = await deps.users.setFields(target.id, fields);
  return presentUser(updated, account.settings.AllowCriticalEditsAdmin);
}
