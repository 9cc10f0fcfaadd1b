import { createHash, randomUUID } from 'node:crypto';
import type { RequestWithdrawBody, Withdraw } from '../../../shared/src/contract/withdraws';
import { conflict, DomainError } from '../../../shared/src/domain/errors';
import { toDecimal } from '../../../shared/src/domain/money';
import { BANK_FIELDS, parseWithdrawAmount, resolveBankDetails, withdrawTxRef } from '../../../shared/src/domain/withdraw-rules';
import type { UserStore } from '../ports/users';
import type { WithdrawRecord, WithdrawStore } from '../ports/withdraws';
import type { Account } from './admit-caller';

/** A request as the API shows it: decimal money, no internal fields. */
export function presentWithdraw(w: WithdrawRecord): Withdraw {
  return {
    id: w.id, uid: w.uid, name: w.name, amount: toDecimal(w.amount), date: w.date,
    ...(w.bankName ? { bankName: w.bankName } : {}),
    ...(w.bankCode ? { bankCode: w.bankCode } : {}),
    ...(w.bankAccount ? { bankAccount: w.bankAccount } : {}),
    processed: w.processed,
    ...(w.procesDate !== undefined ? { procesDate: w.procesDate } : {}),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Spec §6: a driver asks to withdraw from their wallet. The amount is held at once: the request,
 * a Withdraw entry (reason Withdrawal, txRef from the request) and the balance decrement, covered
 * by the balance (`walletBalance >= amount`), in one transaction; so simultaneous requests can
 * never take the balance below zero. With settings `bank_fields` on, the bank details are
 * required (from the body, else the driver's profile) and stored on the request. The request id
 * derives from the Idempotency-Key header (checked and answered once by the HTTP middleware), so
 * even a retry the middleware no longer remembers finds its own request.
 */
export async function requestWithdraw(
  deps: { withdraws: WithdrawStore; users: UserStore; now: () => Date },
  account: Account,
  input: RequestWithdrawBody & { idempotencyKey?: string },
): Promise<Withdraw & { balance: number }> {
  const driver = account.profile;
  if (driver.usertype !== 'driver') throw new DomainError('forbidden', 403);
  const amount = parseWithdrawAmount(input.amount);
  if (!amount.ok) {
    throw new DomainError('no_details_error', 400, 'Enter an amount above 0 with at most two decimals, up to 1,000,000.00', [{ path: 'amount', message: amount.reason }]);
  }
  const bank = resolveBankDetails(Boolean(account.settings.bank_fields), input, driver);
  if (bank.missing.length) {
    throw new DomainError('no_details_error', 400, 'The bank name, bank code and bank account are required', bank.missing.map((f) => ({ path: f, message: 'no_details_error' })));
  }

  const key = input.idempotencyKey?.trim().slice(0, 100);
  const id = key ? sha256(`${driver.id}:${key}`).slice(0, 32) : randomUUID();
  const fingerprint = sha256(JSON.stringify([amount.minor, ...BANK_FIELDS.map((f) => bank.details[f] ?? '')]));
  const record: WithdrawRecord = {
    id, uid: driver.id, name: `${driver.firstName ?? ''} ${driver.lastName ?? ''}`.trim() || driver.email,
    amount: amount.minor, date: deps.now().getTime(), ...bank.details, processed: false, fingerprint,
  };
  const outcome = await deps.withdraws.create(record, { uid: driver.id, type: 'Withdraw', amount: amount.minor, reason: 'Withdrawal', txRef: withdrawTxRef(id) });
  if (outcome === 'uncovered') {
    throw conflict('withdraw_exceeds_balance', `The wallet balance (${toDecimal(driver.walletBalance ?? 0).toFixed(2)}) does not cover this withdrawal`);
  }
  let answer = record;
  if (outcome === 'exists') {
    const earlier = await deps.withdraws.get(id);
    if (!earlier || earlier.uid !== driver.id) throw conflict('conflict');
    if (earlier.fingerprint !== fingerprint) throw new DomainError('idempotency_key_reused', 422, 'This request key was already used for a different withdrawal.');
    answer = earlier;
  }
  const after = await deps.users.get(driver.id, { consistent: true });
  return { ...presentWithdraw(answer), balance: toDecimal(after?.walletBalance ?? 0) };
}
