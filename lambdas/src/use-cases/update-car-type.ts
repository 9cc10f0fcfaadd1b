import type { CarType, CarTypeFields } from '../../../shared/src/contract/catalog';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import type { Account } from './admit-caller';
import { assertCarTypeNameFree, assertCarTypeNotInUse, buildCarType, type CarTypeDeps, nameExists, presentCarType, resolveCarTypeImage } from './build-car-type';

/**
 * Spec editCarType Update, with optimistic concurrency: the caller sends the version it read;
 * if another admin saved in between, this one gets 409 `conflict` and nothing is written.
 */
export async function updateCarType(
  deps: CarTypeDeps,
  account: Account,
  id: string,
  input: { version: number; carType: CarTypeFields },
): Promise<CarType> {
  assertCriticalEditsAllowed(account.settings);
  const current = await deps.carTypes.get(id);
  if (!current) throw notFound();
  if (current.version !== input.version) throw conflict();
  if (input.carType.name.trim().toLowerCase() !== current.name.trim().toLowerCase()) await assertCarTypeNotInUse(deps, current.name);
  const image = await resolveCarTypeImage(deps, input.carType.image, current);
  await assertCarTypeNameFree(deps, input.carType.name, id);
  const next = buildCarType(input.carType, { id, createdAt: current.createdAt, version: current.version + 1 }, image);
  try {
    await deps.carTypes.replace(current, next);
  } catch (e) {
    if (e instanceof DomainError && e.status === 409) {
      const owner = await deps.carTypes.nameOwner(next.name);
      throw owner && owner !== id ? nameExists('car type') : conflict();
    }
    throw e;
  }
  return presentCarType(next);
}
