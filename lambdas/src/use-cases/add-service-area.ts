import { randomUUID } from 'node:crypto';
import type { ServiceArea, ServiceAreaFields } from '../../../shared/src/contract/service-areas';
import type * as z from '../../../shared/src/contract/zod';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { MAX_AREAS } from '../../../shared/src/domain/service-areas';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { Account } from './admit-caller';
import { buildServiceArea } from './build-service-area';
import { presentServiceArea } from './present-service-area';

/** An admin draws an area: checked, then written with the partition's count (at most MAX_AREAS). */
export async function addServiceArea(
  deps: { serviceAreas: Pick<ServiceAreaStore, 'add'>; now: () => Date },
  account: Account,
  fields: z.infer<typeof ServiceAreaFields>,
): Promise<ServiceArea> {
  assertCriticalEditsAllowed(account.settings);
  const area = buildServiceArea(fields, { id: randomUUID(), version: 1, updatedAt: deps.now().getTime() });
  await deps.serviceAreas.add(area, MAX_AREAS);
  return presentServiceArea(area);
}
