import type { SNSEvent } from 'aws-lambda';
import { deps } from '../composition-root';
import { logger } from '../observability/logger';
import { handlePushEndpointEvent, type EndpointEvent } from '../use-cases/handle-push-endpoint-event';

/**
 * The push platform applications' event topic (EventEndpointUpdated, EventDeliveryFailure): a
 * device whose endpoint SNS disabled is forgotten, so broadcasts stop counting it. A failure
 * throws, and SNS retries the delivery.
 */
export const handler = async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) {
    let message: EndpointEvent & { Resource?: string };
    try {
      message = JSON.parse(record.Sns.Message) as EndpointEvent & { Resource?: string };
    } catch {
      logger.warn('not a push application event; dropped', { messageId: record.Sns.MessageId });
      continue;
    }
    const outcome = await handlePushEndpointEvent(deps, message);
    logger.info('push endpoint event', { eventType: message.EventType, outcome });
  }
};
