import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from '../../../shared/src/contract/zod';
import type { AnyRoute, BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from '../../../shared/src/contract/route';
import { corsHeaders } from '../../../shared/src/contract/security-headers';
import { DomainError } from '../../../shared/src/domain/errors';
import { config } from '../config';
import { loadRequestContext } from '../adapters/dynamodb/request-context-repository';
import type { Key } from '../adapters/dynamodb/repository';
import { withRoundTripCounter } from '../adapters/dynamodb/round-trips';
import { admitCaller, type Account } from '../use-cases/admit-caller';
import { CORRELATION_HEADER, correlationIdOfRequest, currentCorrelationId } from '../observability/correlation';
import { instrument, measureRequest } from '../observability/instrument';
import { logger } from '../observability/logger';
import type { Caller } from '../ports/caller';
import { callerFromClaims } from './caller';
import { idempotencyKeyOf, idempotencyRecordKey, type Answer, type Idempotency } from './idempotency';
import { IDEMPOTENT_REPLAY_HEADER } from '../../../shared/src/contract/idempotency-key';
import { errorResponse, jsonResponse, messageFor, redirectResponse } from './responses';

export interface HttpInput<R extends AnyRoute> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  caller: R['auth'] extends 'public' ? Caller | undefined : Caller;
  /** The caller's profile and the settings, read once before the use case (signed-in routes only). */
  account: R['auth'] extends 'public' ? undefined : Account;
  /** The items named by the handler's `preload`, read in the same round trip as the account (undefined when absent). */
  preloaded: (Record<string, unknown> | undefined)[];
  headers: Record<string, string | undefined>;
  event: APIGatewayProxyEvent;
}

type Impl<R extends AnyRoute> = (input: HttpInput<R>) => Promise<ResponseOf<R>>;

/**
 * The one place that parses, validates, authorizes and maps errors. A handler file is one call:
 * `export const handler = httpHandler(contract.x, (input) => useCase(deps, ...))`.
 */
export interface HandlerOptions<P = unknown, Q = unknown, B = unknown> {
  /** Admission of a signed-in caller; replaced only by unit tests of the middleware itself. */
  admit?: (caller: Caller, extra: (Key | undefined)[]) => Promise<{ account: Account; extra: (Record<string, unknown> | undefined)[] }>;
  /**
   * Items the use case will need (the booking a path names, the car type a body names), read in
   * the caller's admission round trip instead of one more of their own.
   */
  preload?: (input: { params: P; query: Q; body: B; headers: Record<string, string | undefined>; caller: Caller }) => (Key | undefined)[];
  /**
   * Exactly the routes the contract marks `idempotent` pass `idempotency` (middleware/idempotency.ts):
   * the handler brings the module that runs a request once, so no other function carries it.
   */
  idempotency?: Idempotency;
}

const defaultAdmit = (caller: Caller, extra: (Key | undefined)[]) => admitCaller({ loadRequestContext }, caller, extra);

export function httpHandler<P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  route: RouteDef<P, Q, B, R>,
  impl: Impl<RouteDef<P, Q, B, R>>,
  options: HandlerOptions<z.infer<P>, z.infer<Q>, z.infer<B>> = {},
) {
  // Checked when the handler is made (at import): a mismatch fails the function's load and the
  // test that imports every handler, never a request.
  if (Boolean(route.idempotent) !== Boolean(options.idempotency)) {
    throw new Error(route.idempotent
      ? `${route.operationId} is idempotent in the contract: its handler must pass { idempotency }`
      : `${route.operationId} is not idempotent in the contract: its handler must not pass idempotency`);
  }
  const admit = options.admit ?? defaultAdmit;
  const preload = (options.preload ?? (() => [])) as Preload;
  const base = async (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> => {
    const { result, calls, sequential, ms } = await withRoundTripCounter(() => run(route as AnyRoute, impl as Impl<AnyRoute>, event, admit, preload, context, options.idempotency));
    result.headers = {
      ...result.headers, 'x-ddb-round-trips': String(sequential), 'x-ddb-calls': String(calls),
      // CORS: only the site's own origins may read an answer from script (never `*`), as the preflight says.
      ...corsOf(event.headers?.origin ?? event.headers?.Origin),
      // Every answer, errors too, names the id its log lines and the items it wrote carry.
      [CORRELATION_HEADER]: currentCorrelationId() ?? '',
    };
    // Time inside DynamoDB (calls in flight); the rest of the request's time is the handler's own.
    result.headers['x-ddb-ms'] = ms.toFixed(1);
    return result;
  };
  return instrument(base, {
    operation: route.operationId,
    correlationId: (event) => correlationIdOfRequest(event.headers, event.requestContext?.requestId),
    measure: (m, _event, result) => measureRequest(m, result?.statusCode),
  });
}

/** Only a cross-origin caller sends Origin on every call: the configuration is read only then. */
const corsOf = (origin: string | undefined) =>
  corsHeaders(origin, origin ? config().SITE_ORIGINS.split(',').map((o) => o.trim()).filter((o) => o !== '*' && o !== '') : []);

type Admit = NonNullable<HandlerOptions['admit']>;
type Preload = NonNullable<HandlerOptions['preload']>;

async function run(
  route: AnyRoute, impl: Impl<AnyRoute>, event: APIGatewayProxyEvent, admit: Admit,
  preload: Preload, context: Context | undefined, idempotency: Idempotency | undefined,
): Promise<APIGatewayProxyResult> {
  try {
    const claims = event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined;
    const caller = callerFromClaims(claims);
    if (route.auth !== 'public') {
      if (!caller) throw new DomainError('not_logged_in', 401);
      if (!route.auth.includes(caller.role)) throw new DomainError('forbidden', 403);
    }
    // Input first: the preload may name items the input points at.
    const params = parsePart(route.params, event.pathParameters ?? {}, 'params');
    const query = parsePart(route.query, event.queryStringParameters ?? {}, 'query');
    const body = route.body ? parsePart(route.body, readBody(event, route.bodyEncoding ?? 'json'), 'body') : undefined;
    const headers = lowerCaseHeaders(event.headers);
    // Only a signed-in route the contract marks takes a key: a key belongs to its caller.
    const idempotencyKey = route.idempotent && caller && route.auth !== 'public' ? idempotencyKeyOf(headers) : undefined;
    let account: Account | undefined;
    let preloaded: (Record<string, unknown> | undefined)[] = [];
    let idempotencyRecord: Record<string, unknown> | undefined;
    if (route.auth !== 'public' && caller) {
      // The key's record rides in the admission read, after the handler's own items.
      const wanted = preload({ params, query, body, headers, caller });
      const admitted = await admit(caller, idempotencyKey ? [...wanted, idempotencyRecordKey(caller.uid, idempotencyKey)] : wanted);
      account = admitted.account;
      preloaded = admitted.extra.slice(0, wanted.length);
      idempotencyRecord = idempotencyKey ? admitted.extra[wanted.length] : undefined;
    }

    const execute = async (): Promise<Answer> => {
      const output = await impl({ params, query, body, caller, account, preloaded, headers, event } as HttpInput<AnyRoute>);
      // The response schema is the contract: unknown fields are dropped, drift is a bug we log.
      const checked = route.response.safeParse(output);
      if (!checked.success) {
        logger.error('response does not match contract', { operationId: route.operationId, issues: checked.error.issues });
        throw new DomainError('internal_error', 500, messageFor('internal_error'));
      }
      return { status: route.status ?? 200, body: checked.data };
    };
    if (idempotencyKey && caller && idempotency) {
      const { runOnce } = await idempotency();
      const answer = await runOnce({
        uid: caller.uid, key: idempotencyKey, known: idempotencyRecord, context,
        request: { operation: route.operationId, params, body },
      }, execute);
      const response = jsonResponse(answer.status, answer.body);
      if (answer.replayed) response.headers = { ...response.headers, [IDEMPOTENT_REPLAY_HEADER.toLowerCase()]: 'true' };
      return response;
    }
    const answer = await execute();
    if (route.redirect) return redirectResponse((answer.body as { location: string }).location);
    return jsonResponse(answer.status, answer.body);
  } catch (e) {
    if (e instanceof DomainError) {
      if (e.status >= 500) logger.error('domain failure', { code: e.code, error: e });
      return errorResponse(e.status, e.code, e.message !== e.code ? e.message : messageFor(e.code), e.details);
    }
    logger.error('unhandled error', { operationId: route.operationId, error: e as Error });
    return errorResponse(500, 'internal_error', messageFor('internal_error'));
  }
}

function readBody(event: APIGatewayProxyEvent, encoding: 'json' | 'form' | 'raw'): unknown {
  if (event.body == null || event.body === '') return encoding === 'raw' ? '' : undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (encoding === 'raw') return raw;
  // A form post: repeated names keep their last value, as a browser's single-valued fields never repeat.
  if (encoding === 'form') return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    throw new DomainError('invalid_json', 400, messageFor('invalid_json'));
  }
}

function parsePart(schema: z.ZodMiniType | undefined, value: unknown, part: string): unknown {
  if (!schema) return {};
  const out = schema.safeParse(value);
  if (out.success) return out.data;
  const details = out.error.issues.map((i) => ({ path: [part, ...i.path.map(String)].join('.'), message: i.message }));
  // A rule that carries its own §8 key (refinements use the key as message) wins over the generic code.
  const keyed = out.error.issues.find((i) => /^[a-z][A-Za-z_]+$/.test(i.message) && i.code === 'custom');
  const code = keyed?.message ?? 'validation_error';
  throw new DomainError(code, 400, messageFor(code), details);
}

function lowerCaseHeaders(h: Record<string, string | undefined> | null | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}
