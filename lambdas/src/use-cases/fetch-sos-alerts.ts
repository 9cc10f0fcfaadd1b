import type { SosAlert } from '../../../shared/src/contract/sos';
import { sosActive } from '../../../shared/src/domain/sos';
import type { SosStore } from '../ports/sos';
import type { Account } from './admit-caller';

/** How many of the latest alerts the admins' list reads: SOS is rare, and the active ones are the newest. */
export const SOS_LIST_LIMIT = 100;

/** Admins read every alert; a fleet admin those raised on its own drivers' trips (one query of its index). */
export async function fetchSosAlerts(deps: { sos: Pick<SosStore, 'latest'> }, account: Account, state: 'active' | 'all'): Promise<{ items: SosAlert[] }> {
  const me = account.profile;
  const items = await deps.sos.latest(SOS_LIST_LIMIT, me.usertype === 'admin' ? {} : { fleet: me.id });
  return { items: state === 'all' ? items : items.filter((a) => sosActive(a.status)) };
}
