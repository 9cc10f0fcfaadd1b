import type { CancelReasonList } from '../../../shared/src/contract/catalog';
import { relabelReason } from '../../../shared/src/domain/cancel-reasons';
import type { CancelReasonStore } from '../ports/catalog';
import type { Account } from './admit-caller';
import { changeCancelReasons } from './change-cancel-reasons';

export function updateCancelReason(
  deps: { cancelReasons: CancelReasonStore }, account: Account, value: number, input: { label: string; version: number },
): Promise<CancelReasonList> {
  return changeCancelReasons(deps, account, input.version, (items) => relabelReason(items, value, input.label));
}
