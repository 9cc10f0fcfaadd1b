import type { ServiceArea, ServiceAreaFields } from '../../../shared/src/contract/service-areas';
import type * as z from '../../../shared/src/contract/zod';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { DomainError } from '../../../shared/src/domain/errors';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { Account } from './admit-caller';
import { buildServiceArea } from './build-service-area';
import { presentServiceArea } from './present-service-area';

/** An admin redraws or renames an area, if nobody saved it since `version` was read. */
export async function updateServiceArea(
  deps: { serviceAreas: Pick<ServiceAreaStore, 'get' | 'replace'>; now: () => Date },
  account: Account,
  id: string,
  input: { version: number; area: z.infer<typeof ServiceAreaFields> },
): Promise<ServiceArea> {
  assertCriticalEditsAllowed(account.settings);
  const current = await deps.serviceAreas.get(id);
  if (!current) throw new DomainError('service_area_not_found', 404);
  if (current.version !== input.version) throw new DomainError('service_area_moved_on', 409);
  const next = buildServiceArea(input.area, { id, version: current.version + 1, updatedAt: deps.now().getTime() });
  await deps.serviceAreas.replace(next, current.version);
  return presentServiceArea(next);
}
