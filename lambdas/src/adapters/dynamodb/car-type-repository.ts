import type { CarType } from '../../../../shared/src/contract/catalog';
import { toDecimal, toMinor } from '../../../../shared/src/domain/money';
import type { CarTypeStore, StoredCarType } from '../../ports/catalog';
import { keys } from './keys';
import { namedItemStore } from './named-item-store';
import { table } from './repository';

/**
 * Car types are stored with every amount in integer minor units (a percent fee in hundredths of a
 * percent) and converted to two-decimal numbers only here, at the edge of the adapter.
 */
type Priced = { description: string; amount: number };
export type CarTypeItem = Omit<StoredCarType, 'parcelTypes' | 'options' | 'cancelSlab'> & {
  parcelTypes: Priced[]; options: Priced[]; cancelSlab: { minsDelayed: number; amount: number }[];
};

const MONEY_FIELDS = ['base_fare', 'rate_per_unit_distance', 'rate_per_hour', 'min_fare', 'convenience_fees'] as const;

export function carTypeToItem(c: StoredCarType): CarTypeItem {
  const out = { ...c } as CarTypeItem;
  for (const f of MONEY_FIELDS) out[f] = toMinor(c[f]);
  out.parcelTypes = c.parcelTypes.map((p) => ({ ...p, amount: toMinor(p.amount) }));
  out.options = c.options.map((p) => ({ ...p, amount: toMinor(p.amount) }));
  out.cancelSlab = c.cancelSlab.map((s) => ({ ...s, amount: toMinor(s.amount) }));
  return out;
}

export function itemToCarType(i: CarTypeItem): StoredCarType {
  const out = { ...i } as StoredCarType;
  for (const f of MONEY_FIELDS) out[f] = toDecimal(i[f]);
  out.parcelTypes = (i.parcelTypes ?? []).map((p) => ({ ...p, amount: toDecimal(p.amount) }));
  out.options = (i.options ?? []).map((p) => ({ ...p, amount: toDecimal(p.amount) }));
  out.cancelSlab = (i.cancelSlab ?? []).map((s) => ({ ...s, amount: toDecimal(s.amount) }));
  return out;
}

const named = namedItemStore<StoredCarType>({
  key: keys.carType,
  claim: keys.carTypeNameClaim,
  nameOf: (c) => c.name,
  toItem: (c) => carTypeToItem(c),
  fromItem: (i) => itemToCarType(i as CarTypeItem),
  preserve: ['createdAt'],
});

export const carTypeRepository: CarTypeStore & { listItems(): Promise<CarTypeItem[]> } = {
  /** Raw items in minor units, for the fare engine. */
  async listItems(): Promise<CarTypeItem[]> {
    return table.beginsWith<CarTypeItem & { pk: string; sk: string }>(keys.catalogPk, keys.carTypePrefix);
  },

  async list(): Promise<CarType[]> {
    const items = await carTypeRepository.listItems();
    return items.map(itemToCarType).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
  },

  get: named.get,
  create: named.create,
  replace: named.replace,
  remove: named.remove,
  nameOwner: named.nameOwner,
};
