import type { Promo } from '../../../shared/src/contract/promos';
import type { PromoStore } from '../ports/catalog';

export async function fetchPromos(deps: { promos: PromoStore }): Promise<{ items: Promo[] }> {
  return { items: await deps.promos.list() };
}
