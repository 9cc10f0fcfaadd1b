import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { bookingRepository } from '../adapters/dynamodb/booking-repository';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { postToConnection } from '../adapters/websocket/connections';
import { wsHandler } from '../observability/entry-points';
import { manageSubscription } from '../use-cases/manage-subscription';

/** `$default`: subscribe, unsubscribe and ping. The reply goes back through the management API. */
export const handler = wsHandler('ws-default', async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const id = event.requestContext.connectionId;
  if (!id) return { statusCode: 400, body: 'No connection' };
  const reply = await manageSubscription({ connections: connectionRepository, bookings: bookingRepository, now: () => new Date() }, id, event.body);
  const alive = await postToConnection(id, reply);
  if (!alive) await connectionRepository.remove(id);
  return { statusCode: 200, body: '' };
});
