import type { Promo, PromoFields } from '../../../shared/src/contract/promos';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import type { PromoStore } from '../ports/catalog';
import type { Account } from './admit-caller';
import { nameExists } from './build-car-type';

/** Spec editPromo Update: version-checked; `user_avail` and createdAt are never taken from the caller. */
export async function updatePromo(
  deps: { promos: PromoStore }, account: Account, id: string, input: { version: number; promo: PromoFields },
): Promise<Promo> {
  assertCriticalEditsAllowed(account.settings);
  const current = await deps.promos.get(id);
  if (!current) throw notFound();
  if (current.version !== input.version) throw conflict();
  const owner = await deps.promos.nameOwner(input.promo.promo_name);
  if (owner && owner !== id) throw nameExists('promo');
  const next: Promo = { ...input.promo, id, user_avail: current.user_avail, createdAt: current.createdAt, version: current.version + 1 };
  try {
    await deps.promos.replace(current, next);
  } catch (e) {
    if (e instanceof DomainError && e.status === 409) {
      const now = await deps.promos.nameOwner(next.promo_name);
      throw now && now !== id ? nameExists('promo') : conflict();
    }
    throw e;
  }
  return next;
}
