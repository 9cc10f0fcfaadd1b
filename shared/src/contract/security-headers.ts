/**
 * The platform's security headers, defined once: the Lambda responses, API Gateway's own
 * responses, CloudFront's response headers policy (CDK) and the local gateway all take them from
 * here, so the site and its API answer alike wherever they run.
 */

/** On every API answer: a browser never guesses a type other than the declared one (no sniffing JSON into HTML). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
};

/** What the browser may send and read across origins, for the origins CORS allows. */
export const CORS_ALLOW_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-correlation-id'] as const;
export const CORS_EXPOSE_HEADERS = ['x-correlation-id'] as const;
export const CORS_ALLOW_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const CORS_MAX_AGE_SECONDS = 3600;

/** An origin as browsers send it: scheme, host and optional port, nothing else. Never `*`. */
export const isOrigin = (value: string): boolean => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(value);

/**
 * The CORS answer to a request from `origin`: the origin echoed (with `Vary: Origin`) when it is
 * one of the site's own, nothing otherwise, so a page on another site cannot read the answer.
 */
export function corsHeaders(origin: string | undefined, allowed: readonly string[], preflight = false): Record<string, string> {
  const vary = { vary: 'Origin' };
  if (!origin || !allowed.includes(origin)) return vary;
  return {
    ...vary,
    'access-control-allow-origin': origin,
    'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(','),
    ...(preflight ? {
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(','),
      'access-control-allow-methods': CORS_ALLOW_METHODS.join(','),
      'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
    } : {}),
  };
}

/** Where the web app may connect, load from and post to; each an origin (or `data:`/`blob:` where noted). */
export interface SiteSources {
  /** The REST API (its origin; 'self' when it is served under the site). */
  api: string;
  /** The WebSocket URL (wss:// in AWS). */
  ws: string;
  /** Cognito's endpoint (sign-in, tokens), and its hosted domain when social sign-in is on. */
  cognito: string[];
  /** The uploads bucket: presigned PUT parts and POST forms go there, and trip photos are read from it. */
  uploads: string[];
  /** The map style's host (Amazon Location); none for the offline basemap. */
  maps: string[];
  /** Pages the app posts payment forms to (the payment providers' checkout pages). */
  formActions: string[];
}

const originOf = (url: string): string => {
  try { const u = new URL(url); return `${u.protocol}//${u.host}`; } catch { return url; }
};
const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

/**
 * The Content-Security-Policy of the web app: scripts only from the site itself; connections to
 * the API, the WebSocket, Cognito, the uploads bucket and the map service; MapLibre's workers from
 * `blob:`; images from the site, `data:`/`blob:` (previews, map sprites), the bucket and the map
 * tiles; forms only to the site and the payment providers; never framed by another site.
 * Cloudscape and MapLibre set element styles at run time, hence `'unsafe-inline'` for styles only.
 * URLs given whole are reduced to their origins; values may be CloudFormation tokens (CDK).
 */
export function contentSecurityPolicy(s: SiteSources, reduce: (url: string) => string = originOf): string {
  const list = (values: string[]) => unique(values.map((v) => (v.startsWith("'") ? v : reduce(v)))).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', `'self' data: blob: ${list([...s.uploads, ...s.maps])}`.trim()],
    ['font-src', "'self' data:"],
    ['connect-src', `'self' ${list([s.api, s.ws, ...s.cognito, ...s.uploads, ...s.maps])}`.trim()],
    ['worker-src', "'self' blob:"],
    ['child-src', "'self' blob:"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', `'self' ${list(s.formActions)}`.trim()],
    ['frame-ancestors', "'none'"],
    ['manifest-src', "'self'"],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}

/** The web app's headers besides the CSP (CloudFront sets the same through its security headers policy). */
export const WEB_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
