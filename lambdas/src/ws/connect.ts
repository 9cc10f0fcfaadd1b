import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { verifyIdToken } from '../adapters/cognito/verify-token';
import { callerFromClaims } from '../middleware/caller';
import { logger } from '../observability/logger';

/** `$connect`: browsers cannot set headers on a WebSocket, so the ID token comes in the query string. */
export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const claims = await verifyIdToken(event.queryStringParameters?.token);
  const caller = callerFromClaims(claims as Record<string, unknown> | undefined);
  const connectionId = event.requestContext.connectionId;
  if (!caller || !connectionId) return { statusCode: 401, body: 'Unauthorized' };
  await connectionRepository.put({ connectionId, uid: caller.uid, role: caller.role }, Date.now());
  logger.debug('connected', { connectionId, uid: caller.uid });
  return { statusCode: 200, body: 'Connected' };
};
