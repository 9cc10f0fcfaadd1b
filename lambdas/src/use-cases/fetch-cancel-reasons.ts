import type { CancelReasonList } from '../../../shared/src/contract/catalog';
import type { CancelReasonStore } from '../ports/catalog';

export async function fetchCancelReasons(deps: { cancelReasons: CancelReasonStore }): Promise<CancelReasonList> {
  return deps.cancelReasons.list();
}
