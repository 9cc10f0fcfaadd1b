import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage } from '../../../../shared/src/contract/ws';
import { config } from '../../config';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

/** The management API's commands, loaded with the client on first use (see adapters/sdk.ts). */
const sdk = onFirstUse(() => import('@aws-sdk/client-apigatewaymanagementapi'));
const management = onFirstUse(async (): Promise<ApiGatewayManagementApiClient> =>
  traced(new (await sdk()).ApiGatewayManagementApiClient({ region: config().AWS_REGION, endpoint: config().WS_CALLBACK_URL })));

const gone = (e: unknown) => (e as { name?: string }).name === 'GoneException' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

/** Sends one message; returns false when the connection is gone (410) so the caller can forget it. */
export async function postToConnection(connectionId: string, message: ServerMessage): Promise<boolean> {
  try {
    const { PostToConnectionCommand } = await sdk();
    await (await management()).send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }));
    return true;
  } catch (e) {
    if (gone(e)) return false;
    throw e;
  }
}

/** Closes a connection from the server side; one already gone is closed. */
export async function closeConnection(connectionId: string): Promise<void> {
  try {
    const { DeleteConnectionCommand } = await sdk();
    await (await management()).send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (e) {
    if (!gone(e)) throw e;
  }
}
