import { randomUUID } from 'node:crypto';
import type { CarType, CarTypeFields } from '../../../shared/src/contract/catalog';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { DomainError } from '../../../shared/src/domain/errors';
import type { Account } from './admit-caller';
import { assertCarTypeNameFree, buildCarType, type CarTypeDeps, nameExists, presentCarType, resolveCarTypeImage } from './build-car-type';

/** Spec editCarType Add: refused in demo mode; the name must be free. */
export async function addCarType(deps: CarTypeDeps, account: Account, fields: CarTypeFields): Promise<CarType> {
  assertCriticalEditsAllowed(account.settings);
  const image = await resolveCarTypeImage(deps, fields.image);
  await assertCarTypeNameFree(deps, fields.name);
  const carType = buildCarType(fields, { id: randomUUID(), createdAt: deps.now().toISOString(), version: 1 }, image);
  try {
    await deps.carTypes.create(carType);
  } catch (e) {
    // The id is fresh, so a lost transaction means the name claim was taken meanwhile.
    if (e instanceof DomainError && e.status === 409) throw nameExists('car type');
    throw e;
  }
  return presentCarType(carType);
}
