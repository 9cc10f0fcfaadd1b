import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage } from '../../../../shared/src/contract/ws';
import { config } from '../../config';
import { tracer } from '../../observability/tracer';

let client: ApiGatewayManagementApiClient | undefined;

function management(): ApiGatewayManagementApiClient {
  client ??= tracer.captureAWSv3Client(new ApiGatewayManagementApiClient({ region: config().AWS_REGION, endpoint: config().WS_CALLBACK_URL }));
  return client;
}

const gone = (e: unknown) => e instanceof GoneException || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

/** Sends one message; returns false when the connection is gone (410) so the caller can forget it. */
export async function postToConnection(connectionId: string, message: ServerMessage): Promise<boolean> {
  try {
    await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }));
    return true;
  } catch (e) {
    if (gone(e)) return false;
    throw e;
  }
}

/** Closes a connection from the server side; one already gone is closed. */
export async function closeConnection(connectionId: string): Promise<void> {
  try {
    await management().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (e) {
    if (!gone(e)) throw e;
  }
}
