import type { CancelReason, CancelReasonList } from '../../../../shared/src/contract/catalog';
import type { CancelReasonStore } from '../../ports/catalog';
import { keys } from './keys';
import { table, type TransactItem } from './repository';

type ReasonItem = { pk: string; sk: string; label?: string; value?: number; version?: number };

/**
 * Cancellation reasons are `CATALOG / CANCELREASON#<nnnn>` items plus a version counter at
 * `CATALOG / CANCELREASON~META`, which sorts after them: one strongly consistent query reads the
 * list and its version. Every change updates the counter in the same transaction as the reasons,
 * so concurrent changes serialize: the second one finds the version moved and writes nothing.
 */
export const cancelReasonRepository: CancelReasonStore = {
  async list(): Promise<CancelReasonList> {
    const items = await table.queryAll<ReasonItem>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :family)',
      ExpressionAttributeValues: { ':pk': keys.catalogPk, ':family': keys.cancelReasonFamily },
      ConsistentRead: true,
    });
    const metaSk = keys.cancelReasonsMeta().sk;
    const meta = items.find((i) => i.sk === metaSk);
    const reasons = items
      .filter((i) => i.sk.startsWith(keys.cancelReasonPrefix))
      .map((i) => ({ label: String(i.label ?? ''), value: Number(i.value) }))
      .sort((a, b) => a.value - b.value);
    return { items: reasons, version: Number(meta?.version ?? 0) };
  },

  async save(before: CancelReasonList, after: CancelReason[]): Promise<CancelReasonList> {
    const nextVersion = before.version + 1;
    const writes: TransactItem[] = [
      {
        Update: {
          Key: keys.cancelReasonsMeta(),
          UpdateExpression: 'SET #version = :next, #count = :count',
          // Version 0 means the counter item was never written (seeded reasons only).
          ConditionExpression: before.version === 0 ? 'attribute_not_exists(pk) OR #version = :current' : '#version = :current',
          ExpressionAttributeNames: { '#version': 'version', '#count': 'count' },
          ExpressionAttributeValues: { ':next': nextVersion, ':current': before.version, ':count': after.length },
        },
      },
    ];
    const old = new Map(before.items.map((r) => [r.value, r.label]));
    for (const r of after) {
      if (old.get(r.value) !== r.label) writes.push({ Put: { Item: { ...keys.cancelReason(r.value), label: r.label, value: r.value } } });
    }
    const kept = new Set(after.map((r) => r.value));
    for (const r of before.items) if (!kept.has(r.value)) writes.push({ Delete: { Key: keys.cancelReason(r.value) } });
    await table.transact(writes);
    return { items: [...after].sort((a, b) => a.value - b.value), version: nextVersion };
  },
};
