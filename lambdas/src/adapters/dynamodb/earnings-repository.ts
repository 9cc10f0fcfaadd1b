import type { DayAggregate, DriverMonthAggregate, EarningsAggregate, EarningsStore, MonthAggregate } from '../../ports/earnings';
import { keys } from './keys';
import { table, type Item } from './repository';

const FIELDS = ['tripCost', 'rideCost', 'convenienceFee', 'discount', 'driverShare', 'customerPaid', 'bookings', 'feeBookings', 'tips'] as const;

function amounts(i: Item): EarningsAggregate {
  return Object.fromEntries(FIELDS.map((f) => [f, Number(i[f] ?? 0)])) as unknown as EarningsAggregate;
}

/**
 * The earnings aggregates (`EARNINGS#ALL` or `EARNINGS#FLEET#<uid>`): one query of the month
 * items or the driver-month items of a scope, within the months asked for. What it reads grows
 * with months and drivers, never with bookings.
 */
export const earningsRepository: EarningsStore = {
  async months(scope, range) {
    const items = await table.queryAll<Item>({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.earningsPk(scope), ':from': `MONTH#${range.from ?? '0000-00'}`, ':to': `MONTH#${range.to ?? '9999-99'}` },
      ScanIndexForward: false,
    });
    return items.map((i): MonthAggregate => ({ month: String(i.sk).slice('MONTH#'.length), ...amounts(i) }));
  },

  async days(scope, range) {
    const items = await table.queryAll<Item>({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.earningsPk(scope), ':from': `DAY#${range.from}`, ':to': `DAY#${range.to}` },
    });
    return items.map((i): DayAggregate => ({ day: String(i.sk).slice('DAY#'.length), ...amounts(i) }));
  },

  async driverMonths(scope, range) {
    const items = await table.queryAll<Item>({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      // DRIVER#<yyyy-mm>#<uid>: "~" sorts after every uid, so the last month is whole.
      ExpressionAttributeValues: { ':pk': keys.earningsPk(scope), ':from': `DRIVER#${range.from ?? '0000-00'}`, ':to': `DRIVER#${range.to ?? '9999-99'}#~` },
      ScanIndexForward: false,
    });
    return items.map((i): DriverMonthAggregate => ({
      month: String(i.sk).slice('DRIVER#'.length, 'DRIVER#'.length + 7),
      driverUid: String(i.driverUid ?? String(i.sk).slice('DRIVER#yyyy-mm#'.length)),
      driverName: String(i.driverName ?? ''),
      ...(i.vehicleNumber ? { vehicleNumber: String(i.vehicleNumber) } : {}),
      ...amounts(i),
    }));
  },
};
