import type { Dashboard, DashboardFigures } from '../../../shared/src/contract/dashboard';
import { dashboardCards, dayBefore, DASHBOARD_DAYS, type Figures } from '../../../shared/src/domain/dashboard';
import { profit } from '../../../shared/src/domain/earnings';
import { toDecimal } from '../../../shared/src/domain/money';
import { operatorZone, zonedPeriods } from '../../../shared/src/domain/time-zone';
import type { EarningsStore } from '../ports/earnings';
import type { Account } from './admit-caller';

/** Two-decimal figures of a card. Gross is the convenience fees (spec §2, §5). */
export function presentFigures(f: Figures): DashboardFigures {
  return {
    gross: toDecimal(f.convenienceFee), tripCost: toDecimal(f.tripCost), rideCost: toDecimal(f.rideCost),
    discount: toDecimal(f.discount), profit: toDecimal(profit(f.convenienceFee, f.discount)),
    driverShare: toDecimal(f.driverShare), customerPaid: toDecimal(f.customerPaid), tips: toDecimal(f.tips),
    bookings: f.feeBookings, paidBookings: f.bookings,
  };
}

/**
 * Spec §2 /dashboard cards: one wait for two queries of a scope's aggregates (its month items and
 * the last 30 day items), whatever the number of bookings. A fleet admin reads its own fleet's
 * scope (spec §6), which the PAID step keeps beside the platform's. Today and this month are the
 * operator's (the settings' zone), the periods the PAID step files trips under.
 */
export async function fetchDashboard(deps: { earnings: EarningsStore; now: () => Date }, account: Account): Promise<Dashboard> {
  const me = account.profile;
  const fleet = me.usertype === 'fleetadmin';
  const scope = fleet ? (`FLEET#${me.id}` as const) : 'ALL';
  const { day, month } = zonedPeriods(deps.now().getTime(), operatorZone(account.settings));
  const [months, days] = await Promise.all([
    deps.earnings.months(scope, {}),
    deps.earnings.days(scope, { from: dayBefore(day, DASHBOARD_DAYS - 1), to: day }),
  ]);
  const cards = dashboardCards(day, months, days);
  return {
    scope: fleet ? 'fleet' : 'all', day, month,
    today: presentFigures(cards.today),
    thisMonth: presentFigures(cards.thisMonth),
    total: presentFigures(cards.total),
    days: cards.days.map((d) => ({ day: d.day, ...presentFigures(d) })),
  };
}
