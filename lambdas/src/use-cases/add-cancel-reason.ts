import { MAX_CANCEL_REASONS, type CancelReasonList } from '../../../shared/src/contract/catalog';
import { appendReason } from '../../../shared/src/domain/cancel-reasons';
import { DomainError } from '../../../shared/src/domain/errors';
import type { CancelReasonStore } from '../ports/catalog';
import type { Account } from './admit-caller';
import { changeCancelReasons } from './change-cancel-reasons';

/** Appends a reason with the next value. The list is capped so a renumbering fits one transaction. */
export function addCancelReason(
  deps: { cancelReasons: CancelReasonStore }, account: Account, input: { label: string; version: number },
): Promise<CancelReasonList> {
  return changeCancelReasons(deps, account, input.version, (items) => {
    if (items.length >= MAX_CANCEL_REASONS) throw new DomainError('validation_error', 400, `At most ${MAX_CANCEL_REASONS} cancellation reasons`);
    return appendReason(items, input.label);
  });
}
