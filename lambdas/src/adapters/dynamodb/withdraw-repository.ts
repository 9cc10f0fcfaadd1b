import { setTimeout as sleep } from 'node:timers/promises';
import { conflict } from '../../../../shared/src/domain/errors';
import type { WithdrawRecord, WithdrawStore } from '../../ports/withdraws';
import { messageItems } from './message-items';
import { keys } from './keys';
import { stripKeys, table, type Item, type TransactItem } from './repository';
import { ledgerItems } from './wallet-repository';

const fromItem = (i: Item): WithdrawRecord => stripKeys(i) as unknown as WithdrawRecord;

/** Transaction conflicts (another request on the same wallet in flight) are retried this often. */
const MAX_ATTEMPTS = 8;

export const withdrawRepository: WithdrawStore = {
  async create(record, hold) {
    const { balances, entries } = ledgerItems([hold], record.date);
    const request: TransactItem = {
      Put: {
        Item: { ...keys.withdraw(record.id), ...keys.withdrawIndexes(record.uid, record.date, record.id, false), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    // The balance update first (index 0..), then the request, then the ledger's claim and entry.
    const items = [...balances, request, ...entries];
    for (let attempt = 0; ; attempt++) {
      const out = await table.transactOrFailed(items);
      if (out.ok) return 'created';
      if (out.failed.length === 0) {
        if (attempt >= MAX_ATTEMPTS) throw conflict('conflict');
        await sleep(10 + Math.random() * 40 * (attempt + 1));
        continue;
      }
      // The request or its txRef claim already exists: the same request again.
      if (out.failed.some((i) => i >= balances.length)) return 'exists';
      return 'uncovered';
    }
  },

  async get(id) {
    const item = await table.get<Item>(keys.withdraw(id), { consistent: true });
    return item ? fromItem(item) : undefined;
  },

  async list(q) {
    const byState = q.processed !== undefined;
    const out = await table.query<Item>({
      IndexName: byState ? 'gsi3' : 'gsi1',
      KeyConditionExpression: byState ? 'gsi3pk = :pk' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': byState ? keys.withdrawsByStatePk(q.processed!) : keys.withdrawsPk },
      ScanIndexForward: false, Limit: q.limit ?? 25, cursor: q.cursor,
    });
    return { items: out.items.map(fromItem), next: out.next };
  },

  async listByDriver(uid, q) {
    // A driver's own requests are few: the state is a filter on their own partition.
    const out = await table.query<Item>({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ...(q.processed !== undefined
        ? { FilterExpression: '#processed = :p', ExpressionAttributeNames: { '#processed': 'processed' }, ExpressionAttributeValues: { ':pk': keys.withdrawsByDriverPk(uid), ':p': q.processed } }
        : { ExpressionAttributeValues: { ':pk': keys.withdrawsByDriverPk(uid) } }),
      ScanIndexForward: false, Limit: q.limit ?? 25, cursor: q.cursor,
    });
    return { items: out.items.map(fromItem), next: out.next };
  },

  async complete(id, at, messages) {
    const items: TransactItem[] = [
      {
        Update: {
          Key: keys.withdraw(id),
          // `processed` is a reserved word in expressions.
          UpdateExpression: 'SET #processed = :t, procesDate = :at, gsi3pk = :done',
          ConditionExpression: 'attribute_exists(pk) AND #processed = :f',
          ExpressionAttributeNames: { '#processed': 'processed' },
          ExpressionAttributeValues: { ':t': true, ':f': false, ':at': at, ':done': keys.withdrawsByStatePk(true) },
        },
      },
      ...messageItems(messages, at),
    ];
    for (let attempt = 0; ; attempt++) {
      const out = await table.transactOrFailed(items);
      if (out.ok) return true;
      if (out.failed.length === 0 && attempt < MAX_ATTEMPTS) continue;
      return false;
    }
  },
};
