import type { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import { DomainError } from '../../../../shared/src/domain/errors';
import { onFirstUse } from '../sdk';
import { keys } from './keys';
import { table, type Item, type Key } from './repository';

/** The item's attributes; `expiresAt` is the table's TTL attribute, so DynamoDB removes old records. */
type RequestItem = Key & {
  status: string;
  expiresAt: number;
  inProgressUntil?: number;
  requestHash?: string;
  /** The first answer, as JSON text (one attribute, whatever its shape). */
  answer?: string;
};

const HELD = 'idempotency_key_held';

/** The key of a caller's request record: what the admission read names, and where this store writes. */
export const idempotentRequestKey = (uid: string, idempotencyKey: string): Key => keys.idempotentRequest(uid, idempotencyKey);

/**
 * Powertools' idempotency state machine (in progress → completed, or deleted when the request
 * fails) over the single table. Powertools' own DynamoDB layer puts every record in one partition
 * when the table has a sort key; here each record has its own key from keys.ts, per caller and
 * Idempotency-Key, so one store serves one request: it is made with that key and with what the
 * admission read found there. A live record found by that read answers without a write; the
 * conditional put still decides every race.
 */
export async function tableIdempotencyStore(key: Key, known: Item | undefined): Promise<BasePersistenceLayer> {
  const { Store } = await library();
  return new Store(key, known);
}

type Idempotency = typeof import('@aws-lambda-powertools/idempotency');
type Persistence = typeof import('@aws-lambda-powertools/idempotency/persistence');

/**
 * Powertools' idempotency is loaded on the first request that sends a key (from the library layer
 * in AWS, infra/constructs/library-layer.ts), so the store's class is made then, on its base class.
 */
const library = onFirstUse(async () => {
  const [idempotency, persistence] = await Promise.all([
    import('@aws-lambda-powertools/idempotency'), import('@aws-lambda-powertools/idempotency/persistence'),
  ]);
  return { Store: storeClass(idempotency, persistence) };
});

function storeClass(idempotency: Idempotency, persistence: Persistence) {
  return (
    class TableIdempotencyStore extends persistence.BasePersistenceLayer {
      readonly #key: Key;
      readonly #known: RequestItem | undefined;

      constructor(key: Key, known: Item | undefined) {
        super();
        this.#key = key;
        this.#known = known as RequestItem | undefined;
      }

      protected async _getRecord(): Promise<IdempotencyRecord> {
        const item = await table.get<RequestItem>(this.#key, { consistent: true });
        if (!item) throw new idempotency.IdempotencyItemNotFoundError();
        return recordOf(persistence, item);
      }

      protected async _putRecord(record: IdempotencyRecord): Promise<void> {
        const now = Date.now();
        if (this.#known && !takeable(idempotency, this.#known, now)) {
          throw new idempotency.IdempotencyItemAlreadyExistsError('The key is already held', recordOf(persistence, this.#known));
        }
        const item: RequestItem = {
          ...this.#key,
          status: record.getStatus(),
          expiresAt: record.expiryTimestamp ?? Math.floor(now / 1000),
          ...(record.inProgressExpiryTimestamp !== undefined ? { inProgressUntil: record.inProgressExpiryTimestamp } : {}),
          ...(record.payloadHash ? { requestHash: record.payloadHash } : {}),
        };
        try {
          await table.put(item, {
            condition: 'attribute_not_exists(pk) OR expiresAt < :nowSeconds OR (#status = :inProgress AND inProgressUntil < :nowMs)',
            names: { '#status': 'status' },
            values: { ':nowSeconds': Math.floor(now / 1000), ':nowMs': now, ':inProgress': idempotency.IdempotencyRecordStatus.INPROGRESS },
            conflictCode: HELD,
          });
        } catch (e) {
          // Another request took the key between the admission read and this put: Powertools reads the winner.
          if (e instanceof DomainError && e.code === HELD) throw new idempotency.IdempotencyItemAlreadyExistsError('The key is already held');
          throw e;
        }
      }

      protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
        await table.put({
          ...this.#key,
          status: record.getStatus(),
          expiresAt: record.expiryTimestamp ?? Math.floor(Date.now() / 1000),
          ...(record.payloadHash ? { requestHash: record.payloadHash } : {}),
          answer: JSON.stringify(record.getResponse()),
        });
      }

      protected async _deleteRecord(): Promise<void> {
        await table.delete(this.#key);
      }
    }
  );
}

/** A record that no longer holds its key: past its lifetime, or in progress past its deadline (its function died). */
function takeable(idempotency: Idempotency, item: RequestItem, now: number): boolean {
  return item.expiresAt < Math.floor(now / 1000)
    || (item.status === idempotency.IdempotencyRecordStatus.INPROGRESS && item.inProgressUntil !== undefined && item.inProgressUntil < now);
}

function recordOf(persistence: Persistence, item: RequestItem): IdempotencyRecord {
  return new persistence.IdempotencyRecord({
    idempotencyKey: item.pk,
    status: item.status as IdempotencyRecord['status'],
    expiryTimestamp: item.expiresAt,
    inProgressExpiryTimestamp: item.inProgressUntil,
    payloadHash: item.requestHash,
    responseData: item.answer !== undefined ? JSON.parse(item.answer) : undefined,
  });
}
