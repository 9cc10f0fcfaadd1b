import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import type { CarTypeStore } from '../ports/catalog';
import type { UserStore } from '../ports/users';
import { assertCarTypeNotInUse } from './build-car-type';
import type { Account } from './admit-caller';

/** Spec editCarType Delete: refused in demo mode; with a version, only if nobody edited it since. */
export async function deleteCarType(
  deps: { carTypes: CarTypeStore; users: Pick<UserStore, 'anyDriverWithCarType'> },
  account: Account,
  id: string,
  expectedVersion?: number,
): Promise<{ deleted: true }> {
  assertCriticalEditsAllowed(account.settings);
  const current = await deps.carTypes.get(id);
  if (!current) throw notFound();
  if (expectedVersion !== undefined && current.version !== expectedVersion) throw conflict();
  await assertCarTypeNotInUse(deps, current.name);
  await deps.carTypes.remove(current, expectedVersion ?? current.version);
  return { deleted: true };
}
