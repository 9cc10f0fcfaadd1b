import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import type { PromoStore } from '../ports/catalog';
import type { Account } from './admit-caller';

/** Spec editPromo Delete: refused in demo mode. */
export async function deletePromo(deps: { promos: PromoStore }, account: Account, id: string, expectedVersion?: number): Promise<{ deleted: true }> {
  assertCriticalEditsAllowed(account.settings);
  const current = await deps.promos.get(id);
  if (!current) throw notFound();
  if (expectedVersion !== undefined && current.version !== expectedVersion) throw conflict();
  await deps.promos.remove(current, expectedVersion ?? current.version);
  return { deleted: true };
}
