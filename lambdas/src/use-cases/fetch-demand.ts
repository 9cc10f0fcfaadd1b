import type { DemandCell } from '../../../shared/src/contract/dashboard';
import { operatorZone, zonedPeriods } from '../../../shared/src/domain/time-zone';
import type { DemandStore } from '../ports/demand';
import type { Account } from './admit-caller';

/**
 * The dashboard's demand layer (beyond the spec): for one of the operator's days (today in its time
 * zone unless asked), where
 * bookings were requested and where requests found no driver, per ~5 km cell. Platform-wide
 * counts with no personal data, so fleet admins see them as admins do (to place their drivers).
 * One query of the day's cells, busiest first.
 */
export async function fetchDemand(
  deps: { demand: Pick<DemandStore, 'cells'>; now: () => Date },
  account: Pick<Account, 'settings'>,
  query: { day?: string },
): Promise<{ day: string; items: DemandCell[] }> {
  const day = query.day ?? zonedPeriods(deps.now().getTime(), operatorZone(account.settings)).day;
  const cells = await deps.demand.cells(day);
  return { day, items: cells.sort((a, b) => b.bookings + b.unserved - (a.bookings + a.unserved) || a.cell.localeCompare(b.cell)) };
}
