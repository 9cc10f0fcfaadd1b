import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { DomainError } from '../../../shared/src/domain/errors';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { loadRequestContext } from '../adapters/dynamodb/request-context-repository';
import { verifyIdToken } from '../adapters/cognito/verify-token';
import { callerFromClaims } from '../middleware/caller';
import { wsHandler } from '../observability/entry-points';
import { logger } from '../observability/logger';
import { admitCaller } from '../use-cases/admit-caller';

/** `$connect`: browsers cannot set headers on a WebSocket, so the ID token comes in the query string. */
export const handler = wsHandler('ws-connect', async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const claims = await verifyIdToken(event.queryStringParameters?.token);
  const caller = callerFromClaims(claims as Record<string, unknown> | undefined);
  const connectionId = event.requestContext.connectionId;
  if (!caller || !connectionId) return { statusCode: 401, body: 'Unauthorized' };
  // The admission of every REST call: a deleted, unapproved or regrouped account still holds a
  // valid token for up to an hour, and may follow nothing with it.
  const refused = await admitCaller({ loadRequestContext }, caller).then(() => undefined, (e: unknown) => {
    if (e instanceof DomainError) return e;
    throw e;
  });
  if (refused) return { statusCode: refused.status === 401 ? 401 : 403, body: refused.code };
  await connectionRepository.put({ connectionId, uid: caller.uid, role: caller.role }, Date.now());
  logger.debug('connected', { connectionId, uid: caller.uid });
  return { statusCode: 200, body: 'Connected' };
});
