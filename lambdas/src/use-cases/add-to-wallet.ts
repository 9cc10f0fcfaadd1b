import { randomUUID } from 'node:crypto';
import { DomainError, notFound } from '../../../shared/src/domain/errors';
import { toDecimal } from '../../../shared/src/domain/money';
import { money, renderNotification } from '../../../shared/src/i18n/notifications';
import { parseWalletAmount, validateAddToWallet } from '../../../shared/src/domain/wallet-rules';
import type { ProfileItem } from '../ports/users';
import type { WalletStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';

/**
 * Spec §5/§6 Add to wallet: an admin credits a rider or driver; the amount (the contract's strict
 * money rule: above 0, two decimals at most, not absurd) else no_details_error. Through the
 * ledger: a Credit entry with reason AdminCredit and a txRef from the request's Idempotency-Key
 * (a second net under the HTTP middleware, which answers a repeated request once), so a retried
 * click credits once; the user is told.
 */
export async function addToWallet(
  deps: { wallets: WalletStore; users: UserStore; now: () => Date },
  account: Account,
  target: ProfileItem | undefined,
  input: { amount: number; idempotencyKey?: string },
) {
  if (!target) throw notFound('not_found', 'No such user');
  const check = validateAddToWallet({ userType: target.usertype, amount: input.amount });
  if (!check.ok) throw new DomainError(check.key, 400, undefined, [{ path: check.field === 'user' ? 'uid' : 'amount', message: check.key }]);
  const amount = parseWalletAmount(input.amount);
  if (!amount.ok) throw new DomainError('no_details_error', 400, undefined, [{ path: 'amount', message: 'no_details_error' }]);
  const minor = amount.minor;
  const key = input.idempotencyKey?.trim().slice(0, 100) || randomUUID();
  const settings = account.settings;
  await deps.wallets.move(
    [{ uid: target.id, type: 'Credit', amount: minor, reason: 'AdminCredit', txRef: `admin-credit:${account.profile.id}:${key}` }],
    deps.now().getTime(),
    [{ to: target.id, kind: 'wallet_credited', ...renderNotification('wallet_credited', { amount: money(minor, settings.symbol ?? '') }) }],
  );
  const after = await deps.users.get(target.id);
  return { uid: target.id, credited: toDecimal(minor), balance: toDecimal(after?.walletBalance ?? 0), message: 'wallet_updated' as const };
}
