import { buildOpenApi } from '../../../../shared/src/contract/openapi';
import { contract, routes } from '../../../../shared/src/contract/routes';
import { httpHandler } from '../../middleware/http-handler';

let doc: Record<string, unknown> | undefined;

export const handler = httpHandler(contract.getOpenApi, async ({ event }) => {
  doc ??= buildOpenApi(routes, {
    title: 'Ride platform API', version: '1',
    serverUrl: event.requestContext?.domainName ? `https://${event.requestContext.domainName}/${event.requestContext.stage}` : undefined,
  });
  return doc;
});
