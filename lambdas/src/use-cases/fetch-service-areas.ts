import type { ServiceArea } from '../../../shared/src/contract/service-areas';
import type { ServiceAreaStore } from '../ports/service-areas';
import { presentServiceArea } from './present-service-area';

/** Every area for the admins' page, fresh (never the estimates' cache), service areas first, then by name. */
export async function fetchServiceAreas(deps: { serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'> }): Promise<{ items: ServiceArea[] }> {
  const items = await deps.serviceAreas.list({ consistent: true });
  items.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'service' ? -1 : 1));
  return { items: items.map(presentServiceArea) };
}
