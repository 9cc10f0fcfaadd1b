import type { EarningReportRow } from '../../../shared/src/contract/earnings';
import { MONTH_NAMES, profit } from '../../../shared/src/domain/earnings';
import { toDecimal } from '../../../shared/src/domain/money';
import type { EarningsStore } from '../ports/earnings';

const yearMonth = (month: string) => ({ year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) });

/**
 * Spec §2 /earningreports (admin): one row per year and month of trip date (spec §9), from the
 * month aggregates the PAID step keeps, newest first. Profit is convenience fee minus discount.
 */
export async function fetchEarningsReport(deps: { earnings: EarningsStore }, range: { from?: string; to?: string }): Promise<{ items: EarningReportRow[] }> {
  const months = await deps.earnings.months('ALL', range);
  return {
    items: months.filter((m) => m.bookings > 0).map((m) => {
      const { year, month } = yearMonth(m.month);
      return {
        year, month, monthsName: MONTH_NAMES[month - 1] ?? '',
        tripCost: toDecimal(m.tripCost), rideCost: toDecimal(m.rideCost), convenienceFee: toDecimal(m.convenienceFee),
        discountAmount: toDecimal(m.discount), profit: toDecimal(profit(m.convenienceFee, m.discount)),
        myEarning: toDecimal(m.customerPaid - m.driverShare), tips: toDecimal(m.tips ?? 0), bookings: m.bookings,
      };
    }),
  };
}
