import { stripKeys, table, type Item, type Key, type TransactItem } from './repository';

/**
 * Versioned catalog items whose name is unique (car types, promos). The name is claimed by a
 * separate item written in the same transaction as the item itself, so two admins creating or
 * renaming to one name at once leave exactly one holder. Every replace is conditional on the
 * version the caller read: a concurrent edit is a 409, never a lost update.
 */
export function namedItemStore<T extends { id: string; version: number }>(opts: {
  key: (id: string) => Key;
  claim: (name: string) => Key;
  nameOf: (value: T) => string;
  toItem: (value: T) => Item;
  fromItem: (item: Item) => T;
  /** Attributes a replace never writes. */
  preserve?: readonly string[];
}) {
  const OWNER = 'ownerId';
  const claimPut = (value: T): TransactItem => ({
    Put: {
      Item: { ...opts.claim(opts.nameOf(value)), [OWNER]: value.id },
      // Items created before claims existed have none; re-claiming one's own name is fine.
      ConditionExpression: 'attribute_not_exists(pk) OR #owner = :id',
      ExpressionAttributeNames: { '#owner': OWNER },
      ExpressionAttributeValues: { ':id': value.id },
    },
  });
  const claimDelete = (name: string, id: string): TransactItem => ({
    Delete: {
      Key: opts.claim(name),
      ConditionExpression: 'attribute_not_exists(pk) OR #owner = :id',
      ExpressionAttributeNames: { '#owner': OWNER },
      ExpressionAttributeValues: { ':id': id },
    },
  });
  const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

  return {
    async get(id: string): Promise<T | undefined> {
      const item = await table.get(opts.key(id), { consistent: true });
      return item ? opts.fromItem(stripKeys(item)) : undefined;
    },

    async create(value: T): Promise<void> {
      await table.transact([
        { Put: { Item: { ...opts.key(value.id), ...opts.toItem(value) }, ConditionExpression: 'attribute_not_exists(pk)' } },
        claimPut(value),
      ]);
    },

    /**
     * Sets the fields of `next` and removes those it dropped, on the condition that the stored
     * version is still the one `current` was read at. Fields in `preserve` (counters others
     * maintain, createdAt) are never written here, so a concurrent increment is not lost.
     */
    async replace(current: T, next: T): Promise<void> {
      const preserve = new Set(['id', ...(opts.preserve ?? [])]);
      const nextItem = opts.toItem(next);
      const curItem = opts.toItem(current);
      const sets = Object.keys(nextItem).filter((k) => !preserve.has(k) && nextItem[k] !== undefined);
      const removes = Object.keys(curItem).filter((k) => !preserve.has(k) && curItem[k] !== undefined && nextItem[k] === undefined);
      const names: Record<string, string> = { '#version': 'version' };
      const values: Item = { ':version': current.version };
      const setParts = sets.map((k, i) => {
        names[`#s${i}`] = k;
        values[`:s${i}`] = nextItem[k];
        return `#s${i} = :s${i}`;
      });
      const removeParts = removes.map((k, i) => {
        names[`#r${i}`] = k;
        return `#r${i}`;
      });
      const items: TransactItem[] = [
        {
          Update: {
            Key: opts.key(next.id),
            UpdateExpression: `SET ${setParts.join(', ')}${removeParts.length ? ` REMOVE ${removeParts.join(', ')}` : ''}`,
            ConditionExpression: 'attribute_exists(pk) AND #version = :version',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        claimPut(next),
      ];
      if (!sameName(opts.nameOf(current), opts.nameOf(next))) items.push(claimDelete(opts.nameOf(current), current.id));
      await table.transact(items);
    },

    async remove(current: T, expectedVersion?: number): Promise<void> {
      const versioned = expectedVersion !== undefined;
      await table.transact([
        {
          Delete: {
            Key: opts.key(current.id),
            ConditionExpression: versioned ? 'attribute_exists(pk) AND #version = :version' : 'attribute_exists(pk)',
            ...(versioned ? { ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': expectedVersion } } : {}),
          },
        },
        claimDelete(opts.nameOf(current), current.id),
      ]);
    },

    async nameOwner(name: string): Promise<string | undefined> {
      const claim = await table.get(opts.claim(name), { consistent: true });
      return claim ? String(claim[OWNER]) : undefined;
    },
  };
}
