import * as z from './zod';

export const ROLES = ['rider', 'driver', 'fleetadmin', 'admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One REST operation. `auth: 'public'` means no authorizer; otherwise the list of Cognito groups
 * allowed to call it. `area` names the folder of the handler: lambdas/src/http/<area>/<kebab(operationId)>.ts
 */
export interface RouteDef<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  path: `/${string}`;
  operationId: string;
  area: string;
  summary: string;
  auth: 'public' | readonly Role[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 200 unless stated. */
  status?: number;
  /**
   * Method throttling for public routes that could be abused (enumeration, sign-up floods):
   * API Gateway method settings in CDK, a token bucket with the same numbers in the local cloud.
   */
  throttle?: { ratePerSecond: number; burst: number };
  /**
   * How the request body arrives: JSON (the default), an HTML form post
   * (application/x-www-form-urlencoded, parsed into an object before validation), or raw text
   * handed to the use case untouched (a payment provider's webhook, whose signature covers the
   * exact bytes).
   */
  bodyEncoding?: 'json' | 'form' | 'raw';
  /** The response is a 303 redirect to the `location` the handler returns (a browser form post). */
  redirect?: boolean;
  /**
   * The route takes an optional `Idempotency-Key` header (signed-in routes only: a key belongs to
   * its caller). The HTTP middleware implements it once for every such route: the same request
   * again replays the first answer, the key with another request is 422 `idempotency_key_reused`,
   * a duplicate while the first still runs is 409 `idempotency_in_progress`. Set it on every
   * write that moves money or creates something a client may retry after a lost answer.
   */
  idempotent?: boolean;
}

export function route<
  P extends z.ZodMiniType = z.ZodMiniObject<{}>,
  Q extends z.ZodMiniType = z.ZodMiniObject<{}>,
  B extends z.ZodMiniType = z.ZodMiniUndefined,
  R extends z.ZodMiniType = z.ZodMiniType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

export type AnyRoute = RouteDef<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType>;
export type ParamsOf<T> = T extends RouteDef<infer P, any, any, any> ? z.infer<P> : never;
export type QueryOf<T> = T extends RouteDef<any, infer Q, any, any> ? z.infer<Q> : never;
export type BodyOf<T> = T extends RouteDef<any, any, infer B, any> ? z.infer<B> : never;
/** A body as a client sends it (before the contract parses it: a money amount may still be text). */
export type SentBodyOf<T> = T extends RouteDef<any, any, infer B, any> ? z.input<B> : never;
export type ResponseOf<T> = T extends RouteDef<any, any, any, infer R> ? z.infer<R> : never;

/** kebab-case file name of a handler from its operationId: fetchCarTypes -> fetch-car-types */
export function handlerFileName(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

export function handlerEntry(r: Pick<AnyRoute, 'area' | 'operationId'>): string {
  return `lambdas/src/http/${r.area}/${handlerFileName(r.operationId)}.ts`;
}

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
