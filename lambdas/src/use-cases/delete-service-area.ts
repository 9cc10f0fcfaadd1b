import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { Account } from './admit-caller';

/** An admin removes an area; trips already booked keep the fees they were priced with. */
export async function deleteServiceArea(deps: { serviceAreas: Pick<ServiceAreaStore, 'remove'> }, account: Account, id: string): Promise<{ deleted: true }> {
  assertCriticalEditsAllowed(account.settings);
  await deps.serviceAreas.remove(id);
  return { deleted: true };
}
