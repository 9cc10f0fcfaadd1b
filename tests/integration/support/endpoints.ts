import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import type { Role } from '../../../shared/src/contract/route';

export interface Endpoints {
  apiUrl: string;
  wsUrl: string;
  cognitoEndpoint: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Origin of the web app and /config.json; empty when testing a bare API. */
  siteUrl: string;
  password: string;
  /** The table itself, for the few tests that drive a use case directly (a job racing itself); empty against a bare API. */
  tableName?: string;
  dynamoEndpoint?: string;
  /** The credentials the platform's own server-side clients sign with (IAM-authorized Cognito and S3 calls). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The test gateway's signing key, for tests that play the gateway (forged, replayed, tampered confirmations). */
  gatewaySecret?: string;
}

let given: Endpoints | undefined;
/** Outside vitest (the bench, the crash test) a script names the endpoints once; tests get them from the global setup. */
export function useEndpoints(e: Endpoints): void { given = e; }
export const endpoints = (): Endpoints => given ?? inject('endpoints');

export const DEMO: Record<Role | 'rider2' | 'driver2', string> = {
  admin: 'admin@example.com',
  fleetadmin: 'fleet@example.com',
  driver: 'driver1@example.com',
  driver2: 'driver2@example.com',
  rider: 'rider1@example.com',
  rider2: 'rider2@example.com',
};

const tokens = new Map<string, string>();

/** An ID token for a user, through Cognito's USER_PASSWORD_AUTH (cached per email). */
export async function idToken(email: string, password = endpoints().password): Promise<string> {
  const cached = tokens.get(`${email}:${password}`);
  if (cached) return cached;
  const token = await newIdToken(email, password);
  tokens.set(`${email}:${password}`, token);
  return token;
}

/** A new sign-in, never the cached token (a test whose user's sessions ended needs one). */
export async function newIdToken(email: string, password = endpoints().password): Promise<string> {
  const e = endpoints();
  const client = new CognitoIdentityProviderClient({
    region: e.region, endpoint: e.cognitoEndpoint || undefined, credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const out = await client.send(new InitiateAuthCommand({
    AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
  }));
  client.destroy();
  const token = out.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`no token for ${email}`);
  return token;
}

export interface ApiResult<T = unknown> { status: number; body: T; headers: Headers }

/** One REST call. `token` is an ID token or a raw Authorization value; `rawBody` skips JSON encoding. */
export async function api<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; rawBody?: string; authorization?: string; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.authorization) headers.authorization = opts.authorization;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, opts.headers);
  // A redirect is an answer to look at (the test gateway's), not something to follow.
  const res = await fetch(`${endpoints().apiUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* keep text */ }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
