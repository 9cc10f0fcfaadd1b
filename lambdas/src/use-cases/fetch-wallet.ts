import type { WalletEntry } from '../../../shared/src/contract/wallet';
import { toDecimal } from '../../../shared/src/domain/money';
import type { WalletStore } from '../ports/trips';
import type { Account } from './admit-caller';

/** The caller's balance (from the profile the admission read) and one page of history, newest first. */
export async function fetchWallet(deps: { wallets: WalletStore }, account: Account, q: { cursor?: string; limit?: number }) {
  const page = await deps.wallets.history(account.profile.id, q);
  const items: WalletEntry[] = page.items.map((e) => ({
    type: e.type, amount: toDecimal(e.amount), date: e.date, txRef: e.txRef, reason: e.reason, ...(e.bookingId ? { bookingId: e.bookingId } : {}),
  }));
  return { balance: toDecimal(account.profile.walletBalance ?? 0), items, ...(page.next ? { next: page.next } : {}) };
}
