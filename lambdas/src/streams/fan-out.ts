import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { pushNotifier } from '../adapters/notifier/push-notifier';
import { deps as app } from '../composition-root';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { table } from '../adapters/dynamodb/repository';
import { postToConnection } from '../adapters/websocket/connections';
import { logger } from '../observability/logger';
import { fanOutChange, type FanOutDeps } from '../use-cases/fan-out-change';

const DEDUP_TTL_SECONDS = 24 * 60 * 60;

const deps: FanOutDeps = {
  subscribers: (topic) => connectionRepository.subscribers(topic),
  post: postToConnection,
  forget: (id) => connectionRepository.remove(id),
  notifier: pushNotifier(app),
  async firstDelivery(eventId) {
    try {
      await table.put(
        { pk: `EVENT#${eventId}`, sk: 'EVENT', expiresAt: Math.floor(Date.now() / 1000) + DEDUP_TTL_SECONDS },
        { condition: 'attribute_not_exists(pk)' },
      );
      return true;
    } catch (e) {
      if ((e as { status?: number }).status === 409) return false;
      throw e;
    }
  },
};

/** Table stream consumer: WebSocket fan-out and push. Never changes state or money (see docs/architecture.md). */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const r of event.Records) {
    const pk = r.dynamodb?.Keys?.pk?.S;
    const sk = r.dynamodb?.Keys?.sk?.S;
    if (!pk || !sk || !r.eventID || !r.eventName) continue;
    try {
      const image = topLevelScalars(r.dynamodb?.NewImage ?? r.dynamodb?.OldImage);
      await fanOutChange(deps, { eventId: r.eventID, change: r.eventName, pk, sk, image });
    } catch (error) {
      logger.error('fan-out failed', { eventId: r.eventID, error: error as Error });
      batchItemFailures.push({ itemIdentifier: r.dynamodb?.SequenceNumber ?? r.eventID });
    }
  }
  return { batchItemFailures };
};

/**
 * The item's top-level strings, numbers and booleans: all the fan-out reads (who a change concerns,
 * a message's text). Nested values are skipped, which also sidesteps stream readers that hand an
 * empty map over as a bare `{}`.
 */
function topLevelScalars(raw: Record<string, { S?: string; N?: string; BOOL?: boolean }> | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v?.S !== undefined) out[k] = v.S;
    else if (v?.N !== undefined) out[k] = Number(v.N);
    else if (v?.BOOL !== undefined) out[k] = v.BOOL;
  }
  return out;
}
