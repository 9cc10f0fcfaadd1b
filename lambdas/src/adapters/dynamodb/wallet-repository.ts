import { foldByWallet, isValidMovement, type WalletMovement } from '../../../../shared/src/domain/wallet-ledger';
import { conflict, DomainError } from '../../../../shared/src/domain/errors';
import type { OutgoingMessage } from '../../ports/notifier';
import type { WalletEntryRecord, WalletStore } from '../../ports/trips';
import { messageItems } from './message-items';
import { keys } from './keys';
import { stripKeys, table, type Item, type TransactItem } from './repository';

/**
 * The ledger's items for some movements: per movement a history entry and a claim on its txRef
 * (so the same txRef can never move money twice), and per wallet the balance change with its
 * cover condition. The balance lives on the profile (spec walletBalance); the caller puts the
 * balance updates into the profile's own update, since a transaction touches an item once.
 */
export function walletItems(movements: readonly WalletMovement[], at: number): { items: TransactItem[]; folds: Map<string, { delta: number; need: number }> } {
  for (const m of movements) {
    if (!isValidMovement(m)) throw new DomainError('validation_error', 400, `Invalid wallet movement ${m.txRef}`);
  }
  const items: TransactItem[] = movements.flatMap((m): TransactItem[] => [
    { Put: { Item: { ...keys.walletTxRef(m.uid, m.txRef), txRef: m.txRef, at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: { ...keys.walletEntry(m.uid, at, m.txRef), ...m, date: at } } },
  ]);
  return { items, folds: foldByWallet(movements) };
}

/**
 * The ledger's items when nothing else in the transaction touches the wallets' profiles: the
 * balance updates (with their cover conditions) first, then the entries and claims.
 */
export function ledgerItems(movements: readonly WalletMovement[], at: number): { balances: TransactItem[]; entries: TransactItem[] } {
  const { items, folds } = walletItems(movements, at);
  const balances: TransactItem[] = [...folds].map(([uid, w]) => ({
    Update: {
      Key: keys.userProfile(uid),
      UpdateExpression: 'SET walletBalance = if_not_exists(walletBalance, :zero) + :delta',
      ConditionExpression: w.need > 0 ? 'attribute_exists(pk) AND walletBalance >= :need' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':zero': 0, ':delta': w.delta, ...(w.need > 0 ? { ':need': w.need } : {}) },
    },
  }));
  return { balances, entries: items };
}

export const walletRepository: WalletStore = {
  async history(uid, q) {
    const out = await table.query<Item>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.userPk(uid), ':p': keys.walletPrefix },
      ScanIndexForward: false, Limit: q.limit ?? 25, cursor: q.cursor,
    });
    return { items: out.items.map((i) => stripKeys(i) as unknown as WalletEntryRecord), next: out.next };
  },

  async move(movements, at, messages = []) {
    const { balances, entries: items } = ledgerItems(movements, at);
    const all = [...balances, ...items, ...messageItems(messages, at)];
    for (let attempt = 0; ; attempt++) {
      const out = await table.transactOrFailed(all);
      if (out.ok) return true;
      if (out.failed.length === 0 && attempt < 5) continue;
      // A claimed txRef is a replay: nothing moved, and nothing should.
      const claimFailed = out.failed.some((i) => i >= balances.length && (i - balances.length) % 2 === 0 && i < balances.length + items.length);
      if (claimFailed) return false;
      throw conflict(out.failed.some((i) => i < balances.length) ? 'insufficient_balance' : 'conflict');
    }
  },
};
