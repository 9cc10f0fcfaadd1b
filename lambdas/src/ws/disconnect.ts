import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { wsHandler } from '../observability/entry-points';

export const handler = wsHandler('ws-disconnect', async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const id = event.requestContext.connectionId;
  if (id) await connectionRepository.remove(id);
  return { statusCode: 200, body: 'Disconnected' };
});
