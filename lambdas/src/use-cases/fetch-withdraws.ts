import type { Withdraw } from '../../../shared/src/contract/withdraws';
import type { WithdrawStore } from '../ports/withdraws';
import type { Account } from './admit-caller';
import { presentWithdraw } from './request-withdraw';

/** Withdraw requests, newest first: an admin sees every driver's, a driver only their own. */
export async function fetchWithdraws(
  deps: { withdraws: WithdrawStore },
  account: Account,
  q: { processed?: 'true' | 'false'; cursor?: string; limit?: number },
): Promise<{ items: Withdraw[]; next?: string }> {
  const page = { cursor: q.cursor, limit: q.limit, ...(q.processed ? { processed: q.processed === 'true' } : {}) };
  const out = account.profile.usertype === 'admin'
    ? await deps.withdraws.list(page)
    : await deps.withdraws.listByDriver(account.profile.id, page);
  return { items: out.items.map(presentWithdraw), ...(out.next ? { next: out.next } : {}) };
}
