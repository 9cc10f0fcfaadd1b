import type { Withdraw } from '../../../shared/src/contract/withdraws';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import { money, renderNotification } from '../../../shared/src/i18n/notifications';
import type { WithdrawRecord, WithdrawStore } from '../ports/withdraws';
import type { Account } from './admit-caller';
import { presentWithdraw } from './request-withdraw';

/**
 * Spec §4 Withdraw: an admin processes a request, processed false → true with its processing date,
 * exactly once (the write is conditioned on `processed = false`; a second call is 409 and changes
 * nothing). The money already left the wallet when the driver asked; the driver is told, in the
 * same transaction.
 */
export async function completeWithdraw(
  deps: { withdraws: WithdrawStore; now: () => Date },
  account: Account,
  id: string,
  preloaded: WithdrawRecord | undefined,
): Promise<Withdraw> {
  // The admission's read is eventually consistent: a request it missed may be brand new.
  const request = preloaded ?? (await deps.withdraws.get(id));
  if (!request) throw notFound('not_found', 'No such withdraw request');
  if (request.processed) throw conflict('withdraw_already_processed');
  const at = deps.now().getTime();
  const amount = money(request.amount, account.settings.symbol ?? '');
  const done = await deps.withdraws.complete(request.id, at, [
    { to: request.uid, kind: 'withdraw_processed', ...renderNotification('withdraw_processed', { amount }) },
  ]);
  if (!done) throw conflict('withdraw_already_processed');
  return presentWithdraw({ ...request, processed: true, procesDate: at });
}
