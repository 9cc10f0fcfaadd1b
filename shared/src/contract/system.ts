import * as z from './zod';
import { route } from './route';

export const getHealth = route({
  method: 'GET', path: '/health', operationId: 'getHealth', area: 'system', auth: 'public',
  summary: 'Liveness and table reachability',
  response: z.object({ status: z.literal('ok'), time: z.string(), table: z.literal('ok') }),
});

export const getOpenApi = route({
  method: 'GET', path: '/openapi.json', operationId: 'getOpenApi', area: 'system', auth: 'public',
  summary: 'This API as an OpenAPI 3.1 document',
  response: z.record(z.string(), z.unknown()),
});
