import { DomainError } from '../../../shared/src/domain/errors';
import type { CarTypeStore } from '../ports/catalog';

/**
 * Spec §3 and §5: a driver's carType is one of the car type names. Every path that writes one
 * (a driver's own sign-up, an admin or fleet admin adding a driver, editing a user) asks here, so
 * none can store a name that dispatch, the assign dialog and the car type index would never match.
 */
export async function assertCarTypeName(carTypes: CarTypeStore, name: string | undefined): Promise<void> {
  if (name !== undefined && name !== '' && (await carTypes.list()).some((c) => c.name === name)) return;
  throw new DomainError('not_a_car_type', 400, undefined, [{ path: 'carType', message: 'not_a_car_type' }]);
}
