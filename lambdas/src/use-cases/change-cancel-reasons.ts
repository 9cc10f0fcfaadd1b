import type { CancelReason, CancelReasonList } from '../../../shared/src/contract/catalog';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict } from '../../../shared/src/domain/errors';
import type { CancelReasonStore } from '../ports/catalog';
import type { Account } from './admit-caller';

/**
 * The common path of every change to the reason list (spec editCancellationReason): demo mode
 * refuses it; the caller's list version must be current (values may have been renumbered since
 * it read them); the new list is written in one transaction that re-checks the version.
 */
export async function changeCancelReasons(
  deps: { cancelReasons: CancelReasonStore },
  account: Account,
  expectedVersion: number,
  change: (items: CancelReason[]) => CancelReason[],
): Promise<CancelReasonList> {
  assertCriticalEditsAllowed(account.settings);
  const before = await deps.cancelReasons.list();
  if (before.version !== expectedVersion) throw conflict();
  return deps.cancelReasons.save(before, change(before.items));
}
