import { randomUUID } from 'node:crypto';
import type { Promo, PromoFields } from '../../../shared/src/contract/promos';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { DomainError } from '../../../shared/src/domain/errors';
import type { PromoStore } from '../ports/catalog';
import type { Account } from './admit-caller';
import { nameExists } from './build-car-type';

/** Spec editPromo Add: refused in demo mode; promo names are unique (riders type them). No uses yet. */
export async function addPromo(deps: { promos: PromoStore; now: () => Date }, account: Account, fields: PromoFields): Promise<Promo> {
  assertCriticalEditsAllowed(account.settings);
  if (await deps.promos.nameOwner(fields.promo_name)) throw nameExists('promo');
  const promo: Promo = { ...fields, id: randomUUID(), user_avail: 0, createdAt: deps.now().toISOString(), version: 1 };
  try {
    await deps.promos.create(promo);
  } catch (e) {
    if (e instanceof DomainError && e.status === 409) throw nameExists('promo');
    throw e;
  }
  return promo;
}
