import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { handlerEntry, type AnyRoute } from '../../shared/src/contract/route';
import { verifyIdToken } from '../../lambdas/src/adapters/cognito/verify-token';
import { CORRELATION_HEADER, correlationIdOfRequest } from '../../lambdas/src/observability/correlation';
import { API_SECURITY_HEADERS, contentSecurityPolicy, corsHeaders, WEB_SECURITY_HEADERS } from '../../shared/src/contract/security-headers';
import type { RuntimeConfigFile } from '../../shared/src/contract/runtime-config';
import { cognitoErrorBody, cognitoIamGuard, operationOf } from './cognito-iam-guard';
import { maskUserExistence } from './cognito-user-existence';
import { signHeaders, type Credentials } from './sigv4';
import { FunctionError } from './functions/function-host';

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface GatewayOptions {
  port: number;
  root: string;
  routes: readonly AnyRoute[];
  /** Where Cognito really listens; `/cognito` on this host forwards to it. */
  cognitoEndpoint: string;
  region: string;
  /**
   * The local cloud's own credentials: IAM-authorized Cognito calls through `/cognito` must be
   * signed with them, and the gateway signs its own calls to the emulators with them (reading
   * public objects, as CloudFront's origin access control does).
   */
  credentials: Credentials;
  webDir?: string;
  /** Bucket URL whose `public/` objects are served at `/public/*` (CloudFront does this in AWS). */
  publicObjectsOrigin?: string;
  /** Where browsers upload to and read trip photos from (the S3 endpoint): the web's CSP allows it. */
  uploadsOrigin?: string;
  runtimeConfig: (origin: string) => RuntimeConfigFile;
  /** Answers Cognito calls cognito-local cannot (custom auth); undefined lets cognito-local answer. */
  cognitoInterceptor?: (target: string, input: unknown) => Promise<{ status: number; body: unknown } | undefined>;
  /** Local-only endpoints (e.g. the SMS and e-mail outbox), mounted under `/local/`. */
  localRoutes?: Record<string, () => unknown>;
  /** False while start-up (seeding) runs: /health answers 503 until then, as a load balancer expects. */
  isReady?: () => boolean;
  /**
   * The function made from a handler file, as the gateway invokes it. Omitted, the handler is
   * imported into this process; the local cloud's deployed mode passes its isolated functions.
   */
  functionFor?: (entry: string) => ProxyHandler;
  /** Called when a function invoked by a call has returned (its writes are in the table). */
  afterCall?: () => void;
  log?: (line: string) => void;
}

const STAGE = 'api';
const MAX_BODY = 6 * 1024 * 1024;
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.ico': 'image/x-icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface Mounted { route: AnyRoute; pattern: RegExp; names: string[]; load: () => Promise<ProxyHandler> }

/**
 * The local stand-in for API Gateway: REST under `/api` (the stage) mounted from the contract's
 * route table, with Cognito-authorizer semantics; WebSocket at `/ws` with $connect/$disconnect/
 * $default and the `@connections` management API; plus the web app, `/config.json` and a
 * Cognito proxy, all on one origin.
 */
export async function startGateway(opts: GatewayOptions) {
  const mounted: Mounted[] = opts.routes.map((route) => {
    const names: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/\{(\w+)\}/g, (_m, n: string) => { names.push(n); return '([^/]+)'; })}$`);
    let cached: Promise<ProxyHandler> | undefined;
    const load = () => (cached ??= opts.functionFor
      ? Promise.resolve(opts.functionFor(handlerEntry(route)))
      : import(pathToFileURL(resolve(opts.root, handlerEntry(route))).href).then((m) => m.handler as ProxyHandler));
    return { route, pattern, names, load };
  });
  const ws = await loadWsHandlers(opts.root, opts.functionFor);
  const sockets = new Map<string, WebSocket>();
  const cognitoGuard = cognitoIamGuard(opts.credentials);
  // The site's own origin is the one it is served on (the browser's Origin for a same-site call).
  const cors = (req: IncomingMessage, preflight = false) => corsHeaders(single(req.headers).origin, [originOf(req)], preflight);
  /** The web app's CSP, from the same sources as its config.json (CloudFront's policy uses the same builder). */
  const sitePolicy = (origin: string) => {
    const c = opts.runtimeConfig(origin);
    return contentSecurityPolicy({
      api: c.apiUrl, ws: c.wsUrl, cognito: [c.cognitoEndpoint, ...(c.oauthDomain ? [`https://${c.oauthDomain}`] : [])],
      uploads: opts.uploadsOrigin ? [opts.uploadsOrigin] : [], maps: c.mapStyle && c.mapStyle !== 'offline' ? [c.mapStyle] : [],
      formActions: [c.apiUrl],
    });
  };
  // Token buckets per throttled operation, as API Gateway's method throttling (not per client).
  const buckets = new Map<string, { tokens: number; at: number }>();

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      opts.log?.(`gateway error: ${(e as Error).stack ?? e}`);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal_error', message: 'Internal error' } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    if (path === '/config.json') return sendJson(res, 200, opts.runtimeConfig(originOf(req)));
    if (path.startsWith('/local/') && opts.localRoutes?.[path.slice('/local/'.length)]) {
      return sendJson(res, 200, await opts.localRoutes[path.slice('/local/'.length)]!());
    }
    if (path === '/cognito' || path.startsWith('/cognito/')) return proxyCognito(req, res, path.slice('/cognito'.length) || '/');
    if (path.startsWith('/public/') && opts.publicObjectsOrigin) return proxyPublicObject(req, res, path);
    if (path.startsWith('/@connections/')) return manageConnection(req, res, decodeURIComponent(path.slice('/@connections/'.length)));
    // The same API under the WebSocket stage's callback URL, which CDK gives the functions.
    if (path.startsWith('/ws/@connections/')) return manageConnection(req, res, decodeURIComponent(path.slice('/ws/@connections/'.length)));
    // Conveniences at the root: health and the API description without the stage prefix.
    if (path === '/health' || path === '/openapi.json') return invokeRest(req, res, path, url);
    if (path === `/${STAGE}` || path.startsWith(`/${STAGE}/`)) return invokeRest(req, res, path.slice(STAGE.length + 1) || '/', url);
    return serveWeb(req, res, path);
  }

  async function invokeRest(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    if (path === '/health' && opts.isReady && !opts.isReady()) {
      return sendJson(res, 503, { error: { code: 'starting', message: 'Starting: not ready yet' } });
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...API_SECURITY_HEADERS, ...cors(req, true) });
      return res.end();
    }
    // One id per request, as API Gateway's: the event's requestId, and what the gateway's own
    // refusals below answer with (AWS sends it as x-amzn-RequestId on every response).
    const requestId = randomUUID();
    const tracing = {
      'x-amzn-requestid': requestId,
      [CORRELATION_HEADER]: correlationIdOfRequest(single(req.headers), requestId),
      ...cors(req),
    };
    const refuse = (status: number, code: string, message: string) => sendJson(res, status, { error: { code, message } }, tracing);
    const candidates = mounted.filter((m) => m.pattern.test(path));
    const match = candidates.find((m) => m.route.method === method);
    if (!match) {
      if (candidates.length) return refuse(405, 'method_not_allowed', 'Method not allowed');
      return refuse(404, 'unknown_route', 'Unknown route');
    }
    const body = await readBody(req);
    if (body === undefined) return refuse(413, 'bad_request', 'Request body too large');

    if (match.route.throttle && !takeToken(match.route.operationId, match.route.throttle)) {
      return refuse(429, 'rate_limited', 'Too many requests');
    }

    let claims: Record<string, string> | undefined;
    if (match.route.auth !== 'public') {
      const token = bearer(req.headers.authorization);
      const verified = await verifyIdToken(token);
      if (!verified) return refuse(401, 'not_logged_in', 'Unauthorized');
      claims = claimsAsStrings(verified);
    }
    const values = match.pattern.exec(path)!.slice(1);
    const pathParameters = Object.fromEntries(match.names.map((n, i) => [n, decodeURIComponent(values[i] ?? '')]));
    const event = proxyEvent(req, url, path, match.route, pathParameters, body, claims, requestId);
    const started = Date.now();
    const handler = await match.load();
    let result: APIGatewayProxyResult;
    try {
      result = await handler(event, lambdaContext(match.route.operationId)).finally(() => opts.afterCall?.());
    } catch (e) {
      if (!(e instanceof FunctionError)) throw e;
      // A function that failed (its init, an uncaught error, its timeout): API Gateway's answer to a
      // failed Lambda proxy integration, 502 through the DEFAULT_5XX response CDK maps to our shape.
      opts.log?.(`${method} ${path} 502 ${e.message}`);
      return refuse(502, 'internal_error', 'Internal server error');
    }
    const headers: Record<string, string> = { ...API_SECURITY_HEADERS, 'x-amzn-requestid': requestId };
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
    // The gateway decides CORS, as API Gateway's preflight does: the site's own origin only.
    Object.assign(headers, cors(req));
    res.writeHead(result.statusCode, headers);
    res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
    opts.log?.(`${method} ${path} ${result.statusCode} ${Date.now() - started}ms`);
  }

  function takeToken(op: string, limit: { ratePerSecond: number; burst: number }): boolean {
    const now = Date.now();
    const b = buckets.get(op) ?? { tokens: limit.burst, at: now };
    b.tokens = Math.min(limit.burst, b.tokens + ((now - b.at) / 1000) * limit.ratePerSecond);
    b.at = now;
    buckets.set(op, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  async function proxyCognito(req: IncomingMessage, res: ServerResponse, subPath: string) {
    if (req.method === 'OPTIONS') {
      const allowed = cors(req);
      res.writeHead(204, {
        ...API_SECURITY_HEADERS, ...allowed,
        ...(allowed['access-control-allow-origin'] ? { 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET,POST,OPTIONS' } : {}),
      });
      return res.end();
    }
    let body = (await readBody(req)) ?? '';
    // As Cognito: IAM-authorized operations (Admin*, ListUsers, …) only with a valid signature.
    const verdict = cognitoGuard({ method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body });
    if (!verdict.ok) {
      res.writeHead(verdict.status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': verdict.code, ...API_SECURITY_HEADERS, ...cors(req) });
      return res.end(JSON.stringify(cognitoErrorBody(verdict)));
    }
    let target = String(req.headers['x-amz-target'] ?? '');
    const operation = operationOf(req.headers['x-amz-target']) ?? '';
    const input = (() => { try { return JSON.parse(body || '{}') as unknown; } catch { return undefined; } })();
    let mapRefresh = false;
    if (opts.cognitoInterceptor && operation) {
      const reply = await opts.cognitoInterceptor(operation, input);
      if (reply) {
        res.writeHead(reply.status, { 'content-type': 'application/x-amz-json-1.1', ...API_SECURITY_HEADERS, ...cors(req) });
        return res.end(JSON.stringify(reply.body));
      }
    }
    // Amplify refreshes with GetTokensFromRefreshToken, which cognito-local lacks: map it to
    // InitiateAuth REFRESH_TOKEN_AUTH and map the answer back.
    if (target.endsWith('.GetTokensFromRefreshToken')) {
      const input = JSON.parse(body || '{}') as { RefreshToken?: string; ClientId?: string };
      body = JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } });
      target = 'AWSCognitoIdentityProviderService.InitiateAuth';
      mapRefresh = true;
    }
    const upstreamUrl = new URL(`${opts.cognitoEndpoint}${subPath}`);
    const withBody = req.method !== 'GET' && req.method !== 'HEAD';
    const forwarded = { 'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'), ...(target ? { 'x-amz-target': target } : {}) };
    // The call was checked above; the hop to the emulator is the local cloud's own, signed as such.
    const upstream = await fetch(upstreamUrl, {
      method: req.method,
      headers: signHeaders({ method: req.method ?? 'POST', url: upstreamUrl, headers: forwarded, body: withBody ? body : '', service: 'cognito-idp', region: opts.region, credentials: opts.credentials }),
      body: withBody ? body : undefined,
    });
    let text = await upstream.text();
    if (mapRefresh && upstream.ok) {
      const out = JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> };
      text = JSON.stringify({ AuthenticationResult: { ...out.AuthenticationResult, RefreshToken: JSON.parse(body).AuthParameters.REFRESH_TOKEN } });
    }
    const answer = maskUserExistence(operation, input, { status: upstream.status, body: text });
    res.writeHead(answer.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1', ...API_SECURITY_HEADERS, ...cors(req) });
    res.end(answer.body);
  }

  async function proxyPublicObject(req: IncomingMessage, res: ServerResponse, path: string) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.includes('..')) return sendJson(res, 403, { error: { code: 'forbidden', message: 'Forbidden' } });
    // The bucket is private: read as CloudFront's origin access control does, with a signed request.
    const objectUrl = new URL(`${opts.publicObjectsOrigin}${path}`);
    const upstream = await fetch(objectUrl, {
      method: req.method,
      headers: signHeaders({ method: req.method, url: objectUrl, headers: {}, body: '', service: 's3', region: opts.region, credentials: opts.credentials }),
    });
    if (!upstream.ok) return sendJson(res, 404, { error: { code: 'not_found', message: 'Not found' } });
    res.writeHead(200, {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      'cache-control': 'public, max-age=300',
      ...WEB_SECURITY_HEADERS,
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  async function manageConnection(req: IncomingMessage, res: ServerResponse, id: string) {
    const socket = sockets.get(id);
    if (!socket || socket.readyState !== socket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', ...API_SECURITY_HEADERS });
      return res.end(JSON.stringify({ message: 'Gone' }));
    }
    if (req.method === 'POST') {
      const body = await readBody(req);
      socket.send(body ?? '');
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'DELETE') {
      socket.close(1000);
      res.writeHead(204);
      return res.end();
    }
    return sendJson(res, 200, { connectedAt: new Date().toISOString(), identity: {} });
  }

  function serveWeb(req: IncomingMessage, res: ServerResponse, path: string) {
    const dir = opts.webDir;
    if (!dir || !existsSync(join(dir, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...WEB_SECURITY_HEADERS });
      return res.end('The web app is not built. Run `npm run build:web`.');
    }
    const safe = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, safe);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const ext = extname(file);
    const immutable = file.includes(`${join(dir, 'assets')}`);
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...WEB_SECURITY_HEADERS,
      'content-security-policy': sitePolicy(originOf(req)),
    });
    createReadStream(file).pipe(res);
  }

  // WebSocket: $connect runs before the upgrade completes, so a refused token never opens a socket.
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/ws') return socket.destroy();
    const connectionId = randomBytes(12).toString('base64url') + '=';
    const base = wsEvent(req, connectionId, '$connect', 'CONNECT', url);
    ws.connect(base, lambdaContext('ws-connect')).then((r) => {
      if (r.statusCode !== 200) {
        socket.write(`HTTP/1.1 ${r.statusCode === 401 ? '401 Unauthorized' : '403 Forbidden'}\r\n\r\n`);
        return socket.destroy();
      }
      wss.handleUpgrade(req, socket, head, (client) => {
        sockets.set(connectionId, client);
        client.on('message', (data) => {
          const ev = { ...wsEvent(req, connectionId, '$default', 'MESSAGE', url), body: data.toString() };
          ws.message(ev, lambdaContext('ws-default')).catch((e) => opts.log?.(`ws $default failed: ${e}`)).finally(() => opts.afterCall?.());
        });
        client.on('close', () => {
          sockets.delete(connectionId);
          ws.disconnect(wsEvent(req, connectionId, '$disconnect', 'DISCONNECT', url), lambdaContext('ws-disconnect'))
            .catch((e) => opts.log?.(`ws $disconnect failed: ${e}`)).finally(() => opts.afterCall?.());
        });
      });
    }).catch((e) => { opts.log?.(`ws $connect failed: ${e}`); socket.destroy(); });
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolveListen());
  });
  const port = (server.address() as { port: number }).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      for (const s of sockets.values()) s.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function loadWsHandlers(root: string, functionFor: GatewayOptions['functionFor']) {
  const load = async (name: string) => functionFor
    ? functionFor(`lambdas/src/ws/${name}.ts`)
    : (await import(pathToFileURL(resolve(root, `lambdas/src/ws/${name}.ts`)).href)).handler as ProxyHandler;
  return { connect: await load('connect'), message: await load('default'), disconnect: await load('disconnect') };
}

function originOf(req: IncomingMessage): string {
  const proto = String(req.headers['x-forwarded-proto'] ?? 'http');
  return `${proto}://${req.headers.host ?? '127.0.0.1'}`;
}

function bearer(h: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(h ?? '');
  return m?.[1] ?? (h && !h.includes(' ') ? h : undefined);
}

/** API Gateway's Cognito authorizer passes claims as strings; groups as a comma-joined list. */
function claimsAsStrings(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) out[k] = Array.isArray(v) ? v.join(',') : String(v);
  return out;
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Too large: keep reading (and dropping) to the end, so the client gets its 413 rather than a reset.
      if (size > MAX_BODY) { chunks.length = 0; return; }
      chunks.push(c);
    });
    req.on('end', () => resolveBody(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...API_SECURITY_HEADERS, ...extraHeaders });
  res.end(JSON.stringify(body));
}

function single(h: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(',') : v;
  return out;
}

function proxyEvent(
  req: IncomingMessage, url: URL, path: string, route: AnyRoute, pathParameters: Record<string, string>, body: string,
  claims: Record<string, string> | undefined, requestId: string,
): APIGatewayProxyEvent {
  // Prototype-free maps: a query key like `constructor` or `__proto__` is just a name.
  const query: Record<string, string> = Object.create(null);
  const multiQuery: Record<string, string[]> = Object.create(null);
  for (const [k, v] of url.searchParams) { query[k] = v; (multiQuery[k] ??= []).push(v); }
  const headers = single(req.headers);
  const resource = route.path;
  return {
    resource, path, httpMethod: route.method, headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(multiQuery).length ? multiQuery : null,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
    stageVariables: null,
    body: body === '' ? null : body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000', apiId: 'local', resourceId: route.operationId, resourcePath: resource,
      httpMethod: route.method, path: `/${STAGE}${path}`, stage: STAGE, requestId, requestTimeEpoch: Date.now(),
      protocol: 'HTTP/1.1', domainName: headers.host ?? '127.0.0.1',
      identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' } as never,
      authorizer: claims ? { claims } : null,
    } as never,
  };
}

function wsEvent(req: IncomingMessage, connectionId: string, routeKey: string, eventType: string, url: URL): APIGatewayProxyEvent {
  const query = Object.fromEntries(url.searchParams);
  return {
    headers: single(req.headers), multiValueHeaders: {}, httpMethod: 'GET', path: '/ws', resource: '/ws', body: null,
    isBase64Encoded: false, pathParameters: null, stageVariables: null, multiValueQueryStringParameters: null,
    queryStringParameters: Object.keys(query).length ? query : null,
    requestContext: {
      connectionId, routeKey, eventType, stage: 'ws', apiId: 'local', domainName: req.headers.host ?? '127.0.0.1',
      requestId: randomUUID(), requestTimeEpoch: Date.now(), connectedAt: Date.now(),
    } as never,
  };
}

function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 10_000;
  return {
    callbackWaitsForEmptyEventLoop: false, functionName, functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`, memoryLimitInMB: '512',
    awsRequestId: randomUUID(), logGroupName: `/aws/lambda/${functionName}`, logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined, fail: () => undefined, succeed: () => undefined,
  };
}
