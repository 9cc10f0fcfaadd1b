import type {
  APIGatewayProxyEvent, APIGatewayProxyResult, Context, DynamoDBBatchResponse, DynamoDBStreamEvent, SNSEvent, SQSBatchResponse, SQSEvent,
} from 'aws-lambda';
import { correlationIdOfRequest } from './correlation';
import { instrument, measureBatch, measureRequest } from './instrument';

/**
 * The wrappings of each kind of entry point, so a handler file says only what it is:
 * `export const handler = wsHandler('ws-connect', async (event) => ...)`.
 */

/** A WebSocket route: its id is API Gateway's request id of the connect, message or disconnect. */
export function wsHandler(operation: string, fn: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>) {
  return instrument(fn, {
    operation,
    correlationId: (event) => correlationIdOfRequest(undefined, event.requestContext?.requestId),
    measure: (m, _event, result) => measureRequest(m, result?.statusCode),
  });
}

/** A table stream consumer: the invocation's id is Lambda's request id; records narrow it to their own. */
export function streamHandler(operation: string, fn: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>) {
  return instrument(fn, {
    operation,
    correlationId: (_event, context) => context.awsRequestId,
    measure: (m, event, result) => measureBatch(m, event.Records.length, result?.batchItemFailures.length),
  });
}

/** The jobs queue's consumer: each record runs under the id of the request that scheduled it. */
export function queueHandler(operation: string, fn: (event: SQSEvent) => Promise<SQSBatchResponse>) {
  return instrument(fn, {
    operation,
    correlationId: (_event, context) => context.awsRequestId,
    measure: (m, event, result) => measureBatch(m, event.Records.length, result?.batchItemFailures.length),
  });
}

/** An SNS topic's consumer: a throw makes SNS deliver the whole event again. */
export function topicHandler(operation: string, fn: (event: SNSEvent) => Promise<void>) {
  return instrument(fn, {
    operation,
    correlationId: (_event, context) => context.awsRequestId,
    measure: (m, event, _result, threw) => measureBatch(m, event.Records.length, threw ? undefined : 0),
  });
}

/** A Cognito trigger: no request id of its own in the event, so Lambda's. */
export function triggerHandler<E>(operation: string, fn: (event: E) => Promise<E>) {
  return instrument(fn, {
    operation,
    correlationId: (_event, context: Context) => context.awsRequestId,
    // A trigger answers with the event; only a throw (Cognito refuses the step) is an error.
    measure: (m, _event, _result, threw) => measureRequest(m, threw ? 500 : 200),
  });
}
