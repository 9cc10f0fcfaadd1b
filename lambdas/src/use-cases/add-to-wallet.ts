import { randomUUID } from 'node:crypto';
import { DomainError, notFound } from '../../../shared/src/domain/errors';
import { formatMoney, toDecimal, toMinor } from '../../../shared/src/domain/money';
import { renderNotification } from '../../../shared/src/i18n/notifications';
import { parseWalletAmount, validateAddToWallet } from '../../../shared/src/domain/wallet-rules';
import type { ProfileItem } from '../adapters/dynamodb/user-repository';
import type { WalletStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';

/** Above this an admin's credit is a typo, not a top-up (minor units). */
const MAX_CREDIT = 1_000_000_00;

/**
 * Spec §5/§6 Add to wallet: an admin credits a rider or driver; the amount, parsed as a float with
 * blank meaning 0, must be above 0 (else no_details_error) and a real amount of money (two
 * decimals at most, not absurd). Through the ledger: a Credit entry with reason AdminCredit and a
 * txRef from the request's Idempotency-Key (a second net under the HTTP middleware, which answers
 * a repeated request once), so a retried click credits once; the user is told.
 */
export async function addToWallet(
  deps: { wallets: WalletStore; users: UserStore; now: () => Date },
  account: Account,
  target: ProfileItem | undefined,
  input: { amount: string | number; idempotencyKey?: string },
) {
  if (!target) throw notFound('not_found', 'No such user');
  const check = validateAddToWallet({ userType: target.usertype, amount: input.amount });
  if (!check.ok) throw new DomainError(check.key, 400, undefined, [{ path: check.field === 'user' ? 'uid' : 'amount', message: check.key }]);
  const amount = parseWalletAmount(input.amount);
  const minor = toMinor(amount);
  if (Math.abs(minor / 100 - amount) > 1e-9 || minor > MAX_CREDIT) {
    throw new DomainError('no_details_error', 400, 'At most two decimals, and at most 1,000,000.00', [{ path: 'amount', message: 'no_details_error' }]);
  }
  const key = input.idempotencyKey?.trim().slice(0, 100) || randomUUID();
  const settings = account.settings;
  await deps.wallets.move(
    [{ uid: target.id, type: 'Credit', amount: minor, reason: 'AdminCredit', txRef: `admin-credit:${account.profile.id}:${key}` }],
    deps.now().getTime(),
    [{ to: target.id, kind: 'wallet_credited', ...renderNotification('wallet_credited', { amount: formatMoney(minor, settings.symbol ?? '') }) }],
  );
  const after = await deps.users.get(target.id);
  return { uid: target.id, credited: toDecimal(minor), balance: toDecimal(after?.walletBalance ?? 0), message: 'wallet_updated' as const };
}
