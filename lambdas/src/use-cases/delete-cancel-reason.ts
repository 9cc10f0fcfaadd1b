import type { CancelReasonList } from '../../../shared/src/contract/catalog';
import { removeReason } from '../../../shared/src/domain/cancel-reasons';
import type { CancelReasonStore } from '../ports/catalog';
import type { Account } from './admit-caller';
import { changeCancelReasons } from './change-cancel-reasons';

/** Spec §5: the rest are renumbered 0..n-1, in the same transaction as the delete. */
export function deleteCancelReason(
  deps: { cancelReasons: CancelReasonStore }, account: Account, value: number, version: number,
): Promise<CancelReasonList> {
  return changeCancelReasons(deps, account, version, (items) => removeReason(items, value));
}
