import type { SosAlert } from '../../../shared/src/contract/sos';
import { sosActive } from '../../../shared/src/domain/sos';
import type { SosStore } from '../ports/sos';

/** How many of the latest alerts the admins' list reads: SOS is rare, and the active ones are the newest. */
export const SOS_LIST_LIMIT = 100;

export async function fetchSosAlerts(deps: { sos: Pick<SosStore, 'latest'> }, state: 'active' | 'all'): Promise<{ items: SosAlert[] }> {
  const items = await deps.sos.latest(SOS_LIST_LIMIT);
  return { items: state === 'all' ? items : items.filter((a) => sosActive(a.status)) };
}
