import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
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

/** Table stream consumer: WebSocket fan-out. Never changes state or money (see docs/architecture.md). */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const r of event.Records) {
    const pk = r.dynamodb?.Keys?.pk?.S;
    const sk = r.dynamodb?.Keys?.sk?.S;
    if (!pk || !sk || !r.eventID || !r.eventName) continue;
    try {
      await fanOutChange(deps, { eventId: r.eventID, change: r.eventName, pk, sk });
    } catch (error) {
      logger.error('fan-out failed', { eventId: r.eventID, error: error as Error });
      batchItemFailures.push({ itemIdentifier: r.dynamodb?.SequenceNumber ?? r.eventID });
    }
  }
  return { batchItemFailures };
};
