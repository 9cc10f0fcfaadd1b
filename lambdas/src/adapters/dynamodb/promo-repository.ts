import type { Promo } from '../../../../shared/src/contract/promos';
import { toDecimal, toMinor } from '../../../../shared/src/domain/money';
import type { PromoStore, StoredPromo } from '../../ports/catalog';
import { keys } from './keys';
import { namedItemStore } from './named-item-store';
import { stripKeys, table, type Item } from './repository';

/**
 * Promos at `CATALOG / PROMO#<id>`, names claimed at `PROMONAME#<name> / CLAIM`. Amounts are
 * integer minor units in the table (a percentage discount in hundredths of a percent), decimals
 * only at this edge.
 */
const MONEY_FIELDS = ['promo_discount_value', 'max_promo_discount_value', 'min_order'] as const;

export function promoToItem(p: StoredPromo): Item {
  const out: Item = { ...p };
  for (const f of MONEY_FIELDS) out[f] = toMinor(p[f]);
  return out;
}

export function itemToPromo(i: Item): StoredPromo {
  const out = { ...i } as StoredPromo;
  for (const f of MONEY_FIELDS) out[f] = toDecimal(Number(i[f] ?? 0));
  out.user_avail = Number(i.user_avail ?? 0);
  return out;
}

const named = namedItemStore<StoredPromo>({
  key: keys.promo,
  claim: keys.promoNameClaim,
  nameOf: (p) => p.promo_name,
  toItem: promoToItem,
  fromItem: itemToPromo,
  // The booking and payment work counts uses with ADD; an admin's edit must not overwrite it.
  preserve: ['user_avail', 'createdAt'],
});

export const promoRepository: PromoStore = {
  async list(): Promise<Promo[]> {
    const items = await table.beginsWith(keys.catalogPk, keys.promoPrefix);
    return items.map((i) => itemToPromo(stripKeys(i))).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },
  get: named.get,
  create: named.create,
  replace: named.replace,
  remove: named.remove,
  nameOwner: named.nameOwner,
};
