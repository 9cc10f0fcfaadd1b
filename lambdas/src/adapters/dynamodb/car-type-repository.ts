import type { CarType } from '../../../../shared/src/contract/catalog';
import { toDecimal, toMinor } from '../../../../shared/src/domain/money';
import { keys } from './keys';
import { table } from './repository';

/**
 * Car types are stored with every amount in integer minor units (a percent fee in hundredths of a
 * percent) and converted to two-decimal numbers only here, at the edge of the adapter.
 */
type Priced = { description: string; amount: number };
export type CarTypeItem = Omit<CarType, 'parcelTypes' | 'options' | 'cancelSlab'> & {
  parcelTypes: Priced[]; options: Priced[]; cancelSlab: { minsDelayed: number; amount: number }[];
};

const MONEY_FIELDS = ['base_fare', 'rate_per_unit_distance', 'rate_per_hour', 'min_fare', 'convenience_fees'] as const;

export function carTypeToItem(c: CarType): CarTypeItem {
  const out = { ...c } as CarTypeItem;
  for (const f of MONEY_FIELDS) out[f] = toMinor(c[f]);
  out.parcelTypes = c.parcelTypes.map((p) => ({ ...p, amount: toMinor(p.amount) }));
  out.options = c.options.map((p) => ({ ...p, amount: toMinor(p.amount) }));
  out.cancelSlab = c.cancelSlab.map((s) => ({ ...s, amount: toMinor(s.amount) }));
  return out;
}

export function itemToCarType(i: CarTypeItem): CarType {
  const out = { ...i } as CarType;
  for (const f of MONEY_FIELDS) out[f] = toDecimal(i[f]);
  out.parcelTypes = (i.parcelTypes ?? []).map((p) => ({ ...p, amount: toDecimal(p.amount) }));
  out.options = (i.options ?? []).map((p) => ({ ...p, amount: toDecimal(p.amount) }));
  out.cancelSlab = (i.cancelSlab ?? []).map((s) => ({ ...s, amount: toDecimal(s.amount) }));
  return out;
}

export const carTypeRepository = {
  /** Raw items in minor units, for the fare engine. */
  async listItems(): Promise<CarTypeItem[]> {
    return table.beginsWith<CarTypeItem & { pk: string; sk: string }>(keys.catalogPk, keys.carTypePrefix);
  },

  async list(): Promise<CarType[]> {
    const items = await carTypeRepository.listItems();
    return items.map(itemToCarType).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
  },

  async create(c: CarType): Promise<void> {
    await table.put({ ...keys.carType(c.id), ...carTypeToItem(c) }, { condition: 'attribute_not_exists(pk)' });
  },
};
