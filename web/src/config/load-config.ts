import * as z from 'zod';

/**
 * Written next to the site at deploy time (CDK) and by the local cloud at start, so one build
 * serves every stage. Unknown keys are ignored so infra can add fields before the web reads them.
 */
/** Absolute, or a same-origin path when a CDN routes /api to the gateway. */
const ApiUrl = z.string().refine((v) => /^https?:\/\//.test(v) || v.startsWith('/'), 'must be an http(s) URL or start with /');
/** CDK may write "" for "use the AWS default endpoint". */
const OptionalUrl = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.url().optional());

export const RuntimeConfig = z.object({
  apiUrl: ApiUrl,
  wsUrl: z.string().regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL'),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  cognitoEndpoint: OptionalUrl,
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  /** 'offline' (a basemap drawn from bundled country shapes) or a MapLibre style URL (Amazon Location in AWS). */
  mapStyle: z.string().optional(),
  /** Where maps open when the browser's location is unknown. */
  mapCenter: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
  /**
   * Cognito hosted domain for federated sign-in (Facebook, Apple), e.g.
   * `ride-prod.auth.eu-west-1.amazoncognito.com`. Absent when no identity provider is set up;
   * the social button then reports that sign-in with that provider is not available.
   */
  oauthDomain: z.string().min(1).optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Same origin, relative to the site root; `no-store` so a redeploy's new endpoints are seen at once. */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (e) {
    throw new ConfigError(`Could not fetch ${url}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok) throw new ConfigError(`Could not fetch ${url}: HTTP ${res.status}`);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    // An SPA fallback answering index.html for a missing config.json lands here.
    throw new ConfigError(`${url} is not JSON`);
  }
  const parsed = RuntimeConfig.safeParse(json);
  if (!parsed.success) throw new ConfigError(`${url} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
