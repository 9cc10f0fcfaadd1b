import type { CarType } from '../../../shared/src/contract/catalog';
import type { CarTypeStore } from '../ports/catalog';

export async function fetchCarTypes(deps: { carTypes: CarTypeStore }): Promise<{ items: CarType[] }> {
  return { items: await deps.carTypes.list() };
}
