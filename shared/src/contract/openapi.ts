import * as z from './zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_SECONDS, IDEMPOTENT_REPLAY_HEADER, IdempotencyKey } from './idempotency-key';
import { ErrorBody, type AnyRoute } from './route';

const BODY_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded', raw: 'text/plain' } as const;

/**
 * OpenAPI 3.1 from the route table. 3.1 speaks JSON Schema 2020-12, which zod emits natively,
 * so no converter library is needed.
 */
export function buildOpenApi(routes: readonly AnyRoute[], info: { title: string; version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (s: z.ZodMiniType, io: 'input' | 'output') =>
    z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' });

  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const [where, s] of [['path', r.params], ['query', r.query]] as const) {
      if (!s || !(s instanceof z.ZodMiniObject)) continue;
      for (const [name, prop] of Object.entries(s.shape as Record<string, z.ZodMiniType>)) {
        parameters.push({ name, in: where, required: where === 'path' || !prop.safeParse(undefined).success, schema: schema(prop, 'input') });
      }
    }
    if (r.idempotent) parameters.push(idempotencyParameter(schema(IdempotencyKey, 'input')));
    const op: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.area],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { [BODY_TYPES[r.bodyEncoding ?? 'json']]: { schema: schema(r.body, 'input') } } } } : {}),
      responses: {
        [String(r.status ?? 200)]: r.redirect
          ? { description: 'See other: the Location header says where the browser goes next' }
          : { description: 'OK', content: { 'application/json': { schema: schema(r.response, 'output') } } },
        '4XX': { description: 'Bad input, not signed in, not allowed, not found or conflict', content: { 'application/json': { schema: schema(ErrorBody, 'output') } } },
      },
      ...(r.auth === 'public' ? { security: [] } : { security: [{ cognito: [] }], 'x-roles': r.auth }),
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }

  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: {
        cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Cognito ID token; roles are Cognito groups' },
      },
    },
  };
}

function idempotencyParameter(schema: unknown) {
  return {
    name: IDEMPOTENCY_HEADER,
    in: 'header',
    required: false,
    schema,
    description: `Makes the request safe to retry for ${IDEMPOTENCY_TTL_SECONDS / 3600} hours: the same key with the same request `
      + `(operation, path and body) answers the first answer again (same status and body, header ${IDEMPOTENT_REPLAY_HEADER}: true); `
      + 'the same key with another request is 422 idempotency_key_reused; a repeat while the first is still running is 409 '
      + 'idempotency_in_progress. Keys belong to the caller.',
  };
}
