import type { QueryCommandInput, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { badRequest, conflict, notFound } from '../../../../shared/src/domain/errors';
import { CORRELATION_ATTRIBUTE, currentCorrelationId } from '../../observability/correlation';
import { documentClient, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { onFirstUse } from '../sdk';

/** The document client's commands, loaded with the client on first use (see adapters/sdk.ts). */
export const documentCommands = onFirstUse(() => import('@aws-sdk/lib-dynamodb'));

export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;
type RawTransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type WithoutTable<T> = T extends object ? Omit<T, 'TableName'> : T;
/** A transaction item without TableName: `transact` adds it. */
export type TransactItem = { [K in keyof RawTransactItem]?: WithoutTable<NonNullable<RawTransactItem[K]>> };

/** DynamoDB refuses a TransactWriteItems of more items than this (ValidationException). */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * A transaction was built with more items than DynamoDB takes. Every write whose size grows with
 * data is bounded where it is built (see docs/architecture.md, Bounded writes), so this is a bug:
 * it fails in tests, before the request reaches the table, rather than as a ValidationException
 * in production.
 */
export class TransactionTooLargeError extends Error {
  constructor(readonly items: number) {
    super(`A transaction of ${items} items exceeds DynamoDB's limit of ${MAX_TRANSACTION_ITEMS} items per TransactWriteItems`);
    this.name = 'TransactionTooLargeError';
  }
}

/** The items with the table's name, refused above DynamoDB's limit before anything is sent. */
function transactItems(items: readonly TransactItem[]): RawTransactItem[] {
  if (items.length > MAX_TRANSACTION_ITEMS) throw new TransactionTooLargeError(items.length);
  return items.map((it) => {
    const [kind, body] = Object.entries(it)[0] as [string, Item];
    return { [kind]: { TableName: tableName(), ...stampTransactBody(kind, body) } } as RawTransactItem;
  });
}

/**
 * Thin, typed access to the single table. Every write that changes state takes a condition;
 * a failed condition becomes a 409 `conflict` (or the code the caller names).
 */
export const table = {
  async get<T extends Item>(key: Key, opts: { consistent?: boolean } = {}): Promise<T | undefined> {
    const { GetCommand } = await documentCommands();
    const out = await (await documentClient()).send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: opts.consistent }));
    return out.Item as T | undefined;
  },

  /** Up to 100 items in one round trip (unprocessed keys are retried); order follows `keysIn`. */
  async batchGet(keysIn: Key[], opts: { consistent?: boolean } = {}): Promise<(Item | undefined)[]> {
    const found = new Map<string, Item>();
    // BatchGetItem refuses a list with the same key twice.
    const unique = new Map(keysIn.map((k) => [`${k.pk}|${k.sk}`, k]));
    let pending: Key[] = [...unique.values()];
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const { BatchGetCommand } = await documentCommands();
      const out = await (await documentClient()).send(new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: opts.consistent } },
      }));
      for (const it of out.Responses?.[tableName()] ?? []) found.set(`${it.pk}|${it.sk}`, it);
      pending = (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
    return keysIn.map((k) => found.get(`${k.pk}|${k.sk}`));
  },

  async put(item: Item & Key, opts: { condition?: string; names?: Record<string, string>; values?: Item; conflictCode?: string } = {}): Promise<void> {
    try {
      const { PutCommand } = await documentCommands();
      await (await documentClient()).send(new PutCommand({
        TableName: tableName(), Item: stampItem(item), ConditionExpression: opts.condition,
        ExpressionAttributeNames: opts.names, ExpressionAttributeValues: opts.values,
      }));
    } catch (e) {
      throw mapConditionFailure(e, opts.conflictCode);
    }
  },

  async update<T extends Item>(key: Key, update: {
    expression: string; condition?: string; names?: Record<string, string>; values?: Item; conflictCode?: string;
  }): Promise<T> {
    try {
      const stamped = stampUpdate({ UpdateExpression: update.expression, ExpressionAttributeNames: update.names, ExpressionAttributeValues: update.values });
      const { UpdateCommand } = await documentCommands();
      const out = await (await documentClient()).send(new UpdateCommand({
        TableName: tableName(), Key: key, ConditionExpression: update.condition, ...stamped, ReturnValues: 'ALL_NEW',
      }));
      return out.Attributes as T;
    } catch (e) {
      throw mapConditionFailure(e, update.conflictCode);
    }
  },

  async delete(key: Key, opts: { condition?: string; names?: Record<string, string>; values?: Item; conflictCode?: string } = {}): Promise<void> {
    try {
      const { DeleteCommand } = await documentCommands();
      await (await documentClient()).send(new DeleteCommand({
        TableName: tableName(), Key: key, ConditionExpression: opts.condition,
        ExpressionAttributeNames: opts.names, ExpressionAttributeValues: opts.values,
      }));
    } catch (e) {
      throw mapConditionFailure(e, opts.conflictCode);
    }
  },

  /** All-or-nothing: any failed condition cancels every item and surfaces as one conflict. */
  async transact(items: TransactItem[], opts: { conflictCode?: string; token?: string } = {}): Promise<void> {
    const withTable = transactItems(items);
    try {
      const { TransactWriteCommand } = await documentCommands();
      await (await documentClient()).send(new TransactWriteCommand({ TransactItems: withTable, ClientRequestToken: opts.token }));
    } catch (e) {
      throw mapConditionFailure(e, opts.conflictCode);
    }
  },

  /**
   * Like `transact`, but a failed condition is answered with the indexes of the items whose
   * condition failed, so the caller can drop them and try again (e.g. a driver who went offline
   * between the search and the offer).
   */
  async transactOrFailed(items: TransactItem[]): Promise<{ ok: true } | { ok: false; failed: number[] }> {
    const withTable = transactItems(items);
    try {
      const { TransactWriteCommand } = await documentCommands();
      await (await documentClient()).send(new TransactWriteCommand({ TransactItems: withTable }));
      return { ok: true };
    } catch (e) {
      if (isNamed(e, 'TransactionCanceledException')) {
        const reasons = e.CancellationReasons ?? [];
        const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
        if (failed.length || reasons.some((r) => r.Code === 'TransactionConflict')) return { ok: false, failed };
      }
      throw e;
    }
  },

  /** One page of a query; `next` is an opaque cursor for the following page. */
  async query<T extends Item>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> & { cursor?: string }): Promise<{ items: T[]; next?: string }> {
    const { cursor, ...rest } = input;
    const start = decodeCursor(cursor);
    try {
      const { QueryCommand } = await documentCommands();
      const out = await (await documentClient()).send(new QueryCommand({ TableName: tableName(), ...rest, ExclusiveStartKey: start }));
      return { items: (out.Items ?? []) as T[], next: encodeCursor(out.LastEvaluatedKey) };
    } catch (e) {
      // A cursor that decodes but is not a key of this query (made up, or another list's) is the client's mistake.
      if (start && (e as Error).name === 'ValidationException') throw badRequest('bad_request', 'Invalid cursor');
      throw e;
    }
  },

  /** Every item of a small partition (catalog, settings): follows pages to the end. */
  async queryAll<T extends Item>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await table.query<T>({ ...input, cursor });
      items.push(...page.items);
      cursor = page.next;
    } while (cursor);
    return items;
  },

  /** Items of a partition whose sort key begins with a prefix. */
  beginsWith<T extends Item>(pk: string, prefix: string): Promise<T[]> {
    return table.queryAll<T>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    });
  },
};

/**
 * Every item a request writes carries that request's correlation id (`lastCorrelationId`), so the
 * stream consumers that react to the change (WebSocket fan-out, push) log and post under the
 * same id as the request (see docs/architecture.md, Observability). Outside any request (start-up,
 * seeding) nothing is added.
 */
function stampItem<T extends Item>(item: T): T {
  const id = currentCorrelationId();
  return id ? { ...item, [CORRELATION_ATTRIBUTE]: id } : item;
}

interface UpdateParts { UpdateExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item }

function stampUpdate<T extends UpdateParts>(update: T): T {
  const id = currentCorrelationId();
  if (!id || !update.UpdateExpression) return update;
  const assignment = '#lastCorrelationId = :lastCorrelationId';
  // One SET clause per expression: join the existing one, or add one after the other clauses.
  const expression = /(^|\s)SET\s/i.test(update.UpdateExpression)
    ? update.UpdateExpression.replace(/(^|\s)SET\s+/i, (m) => `${m}${assignment}, `)
    : `${update.UpdateExpression} SET ${assignment}`;
  return {
    ...update,
    UpdateExpression: expression,
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#lastCorrelationId': CORRELATION_ATTRIBUTE },
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':lastCorrelationId': id },
  };
}

function stampTransactBody(kind: string, body: Item): Item {
  if (kind === 'Put') return { ...body, Item: stampItem(body.Item as Item) };
  if (kind === 'Update') return stampUpdate(body as UpdateParts) as Item;
  return body;
}

/**
 * The SDK's exception by its name (its classes load with the client, on first use; every exception
 * the SDK throws carries its class's name).
 */
function isNamed(e: unknown, name: 'ConditionalCheckFailedException'): boolean;
function isNamed(e: unknown, name: 'TransactionCanceledException'): e is TransactionCanceledException;
function isNamed(e: unknown, name: string): boolean {
  return (e as { name?: unknown } | null)?.name === name;
}

/** A failed condition is a 409 with the caller's code, or a 404 when the caller says the item was missing. */
function mapConditionFailure(e: unknown, code = 'conflict'): unknown {
  const failure = () => (code === 'not_found' ? notFound() : conflict(code));
  if (isNamed(e, 'ConditionalCheckFailedException')) return failure();
  if (isNamed(e, 'TransactionCanceledException')) {
    const reasons = e.CancellationReasons ?? [];
    if (reasons.some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')) return failure();
  }
  return e;
}

/** Strips key, index and bookkeeping attributes before an item leaves the adapter. */
export function stripKeys<T extends Item>(item: T): Omit<T, 'pk' | 'sk'> {
  const out: Item = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'pk' || k === 'sk' || /^gsi\d(pk|sk)$/.test(k) || k === 'expiresAt' || k === CORRELATION_ATTRIBUTE) continue;
    out[k] = v;
  }
  return out as Omit<T, 'pk' | 'sk'>;
}
