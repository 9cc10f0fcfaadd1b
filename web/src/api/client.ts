import { routeTable, type RouteInfo } from 'virtual:contract-routes';
import type {
  Contract,
  OperationId,
  ParamsOf,
  QueryOf,
  ResponseOf,
  SentBodyOf,
} from '../../../shared/src/contract';
import { ApiError, readErrorBody } from './api-error';

export { ApiError, isApiError } from './api-error';

/** A key is optional when the route declares nothing for it (empty object or undefined schema). */
type Slot<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : {} extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type ApiInput<R> = Slot<'params', ParamsOf<R>> & Slot<'query', QueryOf<R>> & Slot<'body', SentBodyOf<R>>;

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Extra request headers, e.g. `Idempotency-Key` on addBooking so a retried or double-clicked
   * confirmation makes one booking. The client's own Accept, Content-Type and Authorization win.
   */
  headers?: Record<string, string>;
}

/** Routes without required inputs can be called with no argument at all: `api.fetchCarTypes()`. */
export type ApiMethod<R> = {} extends ApiInput<R>
  ? (input?: ApiInput<R>, options?: CallOptions) => Promise<ResponseOf<R>>
  : (input: ApiInput<R>, options?: CallOptions) => Promise<ResponseOf<R>>;

export type ApiClient = { [K in OperationId]: ApiMethod<Contract[K]> };

export interface ApiClientOptions {
  /** e.g. `https://abc.execute-api.eu-west-1.amazonaws.com/prod` or `http://localhost:3000/api` */
  baseUrl: string;
  /** The Cognito ID token (the REST authorizer validates ID tokens), or undefined when signed out. */
  getToken: () => Promise<string | undefined>;
  /** Injected for tests; the browser's fetch otherwise. */
  fetchImpl?: typeof fetch;
}

interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export function buildPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      // A silently empty segment would hit a different route; fail loudly instead.
      throw new ApiError(0, 'bad_request', `Missing path parameter "${name}" for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

export function buildQuery(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function toApiError(res: Response): Promise<ApiError> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  const error = readErrorBody(json);
  if (error) return new ApiError(res.status, error.code, error.message, error.details);
  // Not our error shape (a gateway or proxy answered): keep the status so callers can still branch.
  return new ApiError(res.status, 'request_failed', res.statusText || `HTTP ${res.status}`);
}

/**
 * The typed client: one method per operationId. Its types come from the contract, its route table
 * (method, path, auth) from the same contract read at build time (the contract-routes plugin of
 * web/vite.config.ts). Adding a route to `contract` adds a method here with no code change.
 */
export function createApiClient({ baseUrl, getToken, fetchImpl }: ApiClientOptions): ApiClient {
  const root = baseUrl.replace(/\/+$/, '');
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const call = async (route: RouteInfo, input: RawInput = {}, options: CallOptions = {}): Promise<unknown> => {
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (route.auth !== 'public') {
      const token = await getToken();
      if (!token) throw new ApiError(401, 'unable_to_get_user_token', 'Unable to get user token');
      headers.Authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const url = `${root}${buildPath(route.path, input.params)}${buildQuery(input.query)}`;

    let res: Response;
    try {
      res = await doFetch(url, { method: route.method, headers, body, signal: options.signal });
    } catch (e) {
      if (options.signal?.aborted) throw e;
      // fetch only rejects on network failure (offline, DNS, CORS); spec §8 'Fetch Call Error'.
      throw new ApiError(0, 'fetch_call_error', e instanceof Error ? e.message : String(e));
    }
    if (!res.ok) throw await toApiError(res);
    if (res.status === 204) return undefined;
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };

  const client: Record<string, unknown> = {};
  for (const [operationId, route] of Object.entries(routeTable) as [string, RouteInfo][]) {
    client[operationId] = (input?: RawInput, options?: CallOptions) => call(route, input, options);
  }
  return client as ApiClient;
}
