import type { AttributeValue, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { postToConnection } from '../adapters/websocket/connections';
import { streamHandler } from '../observability/entry-points';
import { logger } from '../observability/logger';
import { publishPositions, type DriverStateChange, type StateImage } from '../use-cases/publish-positions';

/**
 * Table stream consumer of driver state changes only (the event source filters sk = DRIVER; the
 * local cloud's poller delivers every record, so the same filter is applied here): the dashboard
 * map's positions, coalesced per invocation into one message per subscriber and topic. Never
 * changes state or money. Its batches coalesce many pings, so they log under the invocation's id.
 */
export const handler = streamHandler('driver-positions', async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const changes: DriverStateChange[] = [];
  for (const r of event.Records) {
    const pk = r.dynamodb?.Keys?.pk?.S;
    if (r.dynamodb?.Keys?.sk?.S !== 'DRIVER' || !pk?.startsWith('USER#') || !r.eventName) continue;
    changes.push({
      uid: pk.slice('USER#'.length), change: r.eventName,
      next: stateImage(r.dynamodb?.NewImage), previous: stateImage(r.dynamodb?.OldImage),
    });
  }
  if (changes.length === 0) return { batchItemFailures: [] };
  try {
    await publishPositions({
      subscribers: (topic) => connectionRepository.subscribers(topic),
      post: postToConnection,
      forget: (id) => connectionRepository.remove(id),
    }, changes);
    return { batchItemFailures: [] };
  } catch (error) {
    // The whole batch again (bisected on retry): a position is worth resending only briefly,
    // which the event source's record age limit sees to.
    logger.error('positions failed', { error: error as Error });
    const first = event.Records[0];
    return { batchItemFailures: first ? [{ itemIdentifier: first.dynamodb?.SequenceNumber ?? first.eventID ?? '' }] : [] };
  }
});

/** The few fields of a driver state the map reads. */
function stateImage(raw: Record<string, AttributeValue> | undefined): StateImage | undefined {
  if (!raw) return undefined;
  const num = (k: string) => (raw[k]?.N !== undefined ? Number(raw[k].N) : undefined);
  const str = (k: string) => raw[k]?.S;
  return {
    lat: num('lat'), lng: num('lng'), at: num('at'),
    online: raw.online?.BOOL, fleetadmin: str('fleetadmin'), activeBooking: str('activeBooking'),
  };
}
