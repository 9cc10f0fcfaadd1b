import type { WalletMovement } from '../../../shared/src/domain/wallet-ledger';
import type { OutgoingMessage } from './notifier';

/** Spec §3 Withdraw as stored: money in minor units, dates in ms. */
export interface WithdrawRecord {
  id: string;
  uid: string;
  name: string;
  amount: number;
  date: number;
  bankName?: string;
  bankCode?: string;
  bankAccount?: string;
  processed: boolean;
  procesDate?: number;
  /** A hash of what was asked, so a retried click with the same key but other content is refused. */
  fingerprint?: string;
}

export interface WithdrawStore {
  /**
   * The request, its hold on the wallet (the movement: entry, txRef claim and the balance
   * decrement with its cover condition) in one transaction. `exists` when a request with this id
   * is already there (a retry), `uncovered` when the balance does not cover the amount; neither
   * writes anything.
   */
  create(record: WithdrawRecord, hold: WalletMovement): Promise<'created' | 'exists' | 'uncovered'>;
  get(id: string): Promise<WithdrawRecord | undefined>;
  /** Newest first: every request, or the open or processed ones. */
  list(q: { processed?: boolean; cursor?: string; limit?: number }): Promise<{ items: WithdrawRecord[]; next?: string }>;
  /** One driver's, newest first. */
  listByDriver(uid: string, q: { processed?: boolean; cursor?: string; limit?: number }): Promise<{ items: WithdrawRecord[]; next?: string }>;
  /** Processed false → true with `procesDate`, and the driver's message, once: false when it was already processed (or is gone). */
  complete(id: string, at: number, messages: OutgoingMessage[]): Promise<boolean>;
}
