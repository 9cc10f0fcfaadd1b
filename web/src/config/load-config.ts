import type { RuntimeConfigFile } from '../../../shared/src/contract/runtime-config';

/**
 * Written next to the site at deploy time (CDK) and by the local cloud at start, so one build
 * serves every stage. Unknown keys are ignored so infra can add fields before the web reads them.
 *
 * Checked by hand rather than with zod: config.json is read before the first paint of every page,
 * and zod would be the heaviest library of the landing page for these few fields.
 *
 * What the web keeps of it: an empty Cognito endpoint or map style becomes undefined.
 */
export type RuntimeConfig = Omit<RuntimeConfigFile, 'cognitoEndpoint' | 'mapStyle'> & { cognitoEndpoint?: string; mapStyle?: string };

const AUTH_FLOWS = ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'] as const;

const isUrl = (v: string): boolean => {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
};

/** The config, or one line per problem (`field: what is wrong`). */
export function parseRuntimeConfig(json: unknown): { config: RuntimeConfig; problems?: undefined } | { config?: undefined; problems: string[] } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { problems: ['expected an object'] };
  const raw = json as Record<string, unknown>;
  const problems: string[] = [];
  const text = (key: string, check: (v: string) => boolean, rule: string, optional = false): string | undefined => {
    const v = raw[key];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'string') problems.push(`${key}: expected a string`);
    else if (!check(v)) problems.push(`${key}: ${rule}`);
    else return v;
    return undefined;
  };
  const nonEmpty = (v: string) => v.length > 0;

  const apiUrl = text('apiUrl', (v) => /^https?:\/\//.test(v) || v.startsWith('/'), 'must be an http(s) URL or start with /');
  const wsUrl = text('wsUrl', (v) => /^wss?:\/\//.test(v), 'must be a ws:// or wss:// URL');
  const region = text('region', nonEmpty, 'must not be empty');
  const userPoolId = text('userPoolId', nonEmpty, 'must not be empty');
  const userPoolClientId = text('userPoolClientId', nonEmpty, 'must not be empty');
  const cognitoEndpoint = raw.cognitoEndpoint === '' || raw.cognitoEndpoint === null
    ? undefined
    : text('cognitoEndpoint', isUrl, 'must be a URL', true);
  const authFlowType = text('authFlowType', (v) => (AUTH_FLOWS as readonly string[]).includes(v), `must be one of ${AUTH_FLOWS.join(', ')}`);
  const mapStyle = text('mapStyle', () => true, '', true);
  const oauthDomain = text('oauthDomain', nonEmpty, 'must not be empty', true);
  const places = raw.places;
  if (places !== undefined && places !== 'offline') problems.push('places: expected "offline" or nothing');
  const appleSignIn = raw.appleSignIn;
  if (appleSignIn !== undefined && typeof appleSignIn !== 'boolean') problems.push('appleSignIn: expected true or false');

  let mapCenter: RuntimeConfig['mapCenter'];
  const center = raw.mapCenter;
  if (center !== undefined) {
    const { lat, lng } = (typeof center === 'object' && center !== null ? center : {}) as Record<string, unknown>;
    const inRange = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
    if (inRange(lat, 90) && inRange(lng, 180)) mapCenter = { lat, lng };
    else problems.push('mapCenter: expected { lat: -90..90, lng: -180..180 }');
  }

  if (problems.length) return { problems };
  const config: RuntimeConfig = {
    apiUrl: apiUrl!,
    wsUrl: wsUrl!,
    region: region!,
    userPoolId: userPoolId!,
    userPoolClientId: userPoolClientId!,
    authFlowType: authFlowType as RuntimeConfig['authFlowType'],
  };
  if (cognitoEndpoint !== undefined) config.cognitoEndpoint = cognitoEndpoint;
  if (mapStyle !== undefined) config.mapStyle = mapStyle;
  if (mapCenter !== undefined) config.mapCenter = mapCenter;
  if (oauthDomain !== undefined) config.oauthDomain = oauthDomain;
  if (appleSignIn === true) config.appleSignIn = true;
  if (places === 'offline') config.places = 'offline';
  return { config };
}

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
  const parsed = parseRuntimeConfig(json);
  if (parsed.problems) throw new ConfigError(`${url} is invalid:\n${parsed.problems.join('\n')}`);
  return parsed.config;
}
