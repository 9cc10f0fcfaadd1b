import type { SNSEvent } from 'aws-lambda';
import { devices, push } from '../composition-root';
import { withCorrelationId } from '../observability/correlation';
import { topicHandler } from '../observability/entry-points';
import { logger } from '../observability/logger';
import { handlePushEndpointEvent, type EndpointEvent } from '../use-cases/handle-push-endpoint-event';

const deps = { devices, push };

/**
 * The push platform applications' event topic (EventEndpointUpdated, EventDeliveryFailure): a
 * device whose endpoint SNS disabled is forgotten, so broadcasts stop counting it. A failure
 * throws, and SNS retries the delivery.
 */
export const handler = topicHandler('push-endpoint-events', async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) await withCorrelationId(record.Sns.MessageId, () => handleRecord(record));
});

async function handleRecord(record: SNSEvent['Records'][number]): Promise<void> {
  let message: EndpointEvent & { Resource?: string };
  try {
    message = JSON.parse(record.Sns.Message) as EndpointEvent & { Resource?: string };
  } catch {
    logger.warn('not a push application event; dropped', { messageId: record.Sns.MessageId });
    return;
  }
  const outcome = await handlePushEndpointEvent(deps, message);
  logger.info('push endpoint event', { eventType: message.EventType, outcome });
}
