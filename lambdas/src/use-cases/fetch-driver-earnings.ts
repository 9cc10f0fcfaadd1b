import type { DriverEarningRow } from '../../../shared/src/contract/earnings';
import { MONTH_NAMES } from '../../../shared/src/domain/earnings';
import { toDecimal } from '../../../shared/src/domain/money';
import type { EarningsStore } from '../ports/earnings';
import type { Account } from './admit-caller';

/**
 * Spec §2 /driverearning: one row per year, month and driver (spec §9), newest month first, then
 * by driver name. An admin reads every driver's; a fleet admin only the aggregates of its own
 * fleet (spec §6), which the PAID step keeps beside the platform's.
 */
export async function fetchDriverEarnings(deps: { earnings: EarningsStore }, account: Account, range: { from?: string; to?: string }): Promise<{ items: DriverEarningRow[] }> {
  const me = account.profile;
  const scope = me.usertype === 'fleetadmin' ? (`FLEET#${me.id}` as const) : 'ALL';
  const rows = await deps.earnings.driverMonths(scope, range);
  return {
    items: rows
      .filter((r) => r.bookings > 0)
      .map((r) => {
        const year = Number(r.month.slice(0, 4));
        const month = Number(r.month.slice(5, 7));
        return {
          year, month, monthsName: MONTH_NAMES[month - 1] ?? '', driverUid: r.driverUid, driverName: r.driverName,
          driverVehicleNo: r.vehicleNumber ?? '', driverShare: toDecimal(r.driverShare), tips: toDecimal(r.tips ?? 0), bookings: r.bookings,
        };
      })
      .sort((a, b) => b.year - a.year || b.month - a.month || a.driverName.localeCompare(b.driverName)),
  };
}
