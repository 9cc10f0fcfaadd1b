import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { checkAuthorizationHeader, sha256Hex, type Credentials, type SigV4Verdict } from './sigv4';

/**
 * The user pool operations Cognito serves to anyone: a browser calls them with a client id, a
 * session or a user's access token, never with AWS credentials. Every other operation (all
 * Admin*, ListUsers, ListGroups, CreateGroup, DescribeUserPool, …) is IAM-authorized: AWS refuses
 * it unless it is SigV4-signed by an identity allowed to call it.
 * https://docs.aws.amazon.com/cognito/latest/developerguide/user-pools-API-operations.html
 * (the list of operations grouped by authorization model). An allow-list, so an operation added
 * to the emulator later is closed until someone decides it is public.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth', 'RespondToAuthChallenge', 'GetTokensFromRefreshToken', 'RevokeToken', 'GlobalSignOut',
  'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword', 'ChangePassword',
  'GetUser', 'UpdateUserAttributes', 'DeleteUserAttributes', 'DeleteUser', 'GetUserAttributeVerificationCode', 'VerifyUserAttribute',
  'AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference', 'GetUserAuthFactors',
  'ConfirmDevice', 'ForgetDevice', 'GetDevice', 'ListDevices', 'UpdateDeviceStatus',
  'StartWebAuthnRegistration', 'CompleteWebAuthnRegistration', 'ListWebAuthnCredentials', 'DeleteWebAuthnCredential',
]);

/**
 * The operation a call names: `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`. Only
 * that exact form names a public one: a target the emulator would read differently (two dots, two
 * headers) is never taken for public.
 */
export const operationOf = (target: string | string[] | undefined): string | undefined =>
  typeof target === 'string' ? /^AWSCognitoIdentityProviderService\.([A-Za-z]+)$/.exec(target)?.[1] : undefined;

/** What Cognito answers an unsigned or badly signed IAM-authorized call (the JSON protocol's common errors). */
const ERRORS = {
  missing: { ok: false, status: 403, code: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' },
  unknownKey: { ok: false, status: 400, code: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' },
  mismatch: {
    ok: false, status: 400, code: 'InvalidSignatureException',
    message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  },
  expired: { ok: false, status: 400, code: 'InvalidSignatureException', message: 'Signature expired: the request date is more than 15 minutes away from the server time.' },
} as const;

export interface CognitoRequest {
  method: string;
  /** The path and query as the caller sent them. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Decides whether a call may reach the local user pool: public operations pass as they are;
 * IAM-authorized ones need a valid SigV4 signature by the local cloud's credentials (those its
 * own server-side clients use). Used in front of the emulator and by the site's `/cognito` proxy.
 */
export function cognitoIamGuard(credentials: Credentials) {
  return (req: CognitoRequest, now = new Date()): SigV4Verdict => {
    // Without a target it is no API call (JWKS, OAuth2 endpoints): those are public in AWS too.
    if (req.method !== 'POST' || req.headers['x-amz-target'] === undefined) return { ok: true };
    const operation = operationOf(req.headers['x-amz-target']);
    if (operation && PUBLIC_OPERATIONS.has(operation)) return { ok: true };
    const q = req.url.indexOf('?');
    return checkAuthorizationHeader({
      method: req.method, rawPath: q < 0 ? req.url : req.url.slice(0, q), rawQuery: q < 0 ? '' : req.url.slice(q + 1),
      headers: req.headers, payloadHash: sha256Hex(req.body), service: 'cognito-idp', credentials, errors: ERRORS, now,
    });
  };
}

/** Cognito's error body for a refused call. */
export const cognitoErrorBody = (v: SigV4Verdict & { ok: false }) => ({ __type: v.code, message: v.message });

/**
 * Puts the guard in front of the emulator's own port, so a caller who finds that port gets no
 * more than through the site. The body is read here once and handed on already parsed, which
 * the emulator's body parser honours (`_body`).
 */
export function guardEmulator(server: Server, credentials: Credentials): void {
  const guard = cognitoIamGuard(credentials);
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Only API calls are guarded; the rest (JWKS, OAuth2) goes on untouched, body unread.
    if (req.method !== 'POST' || req.headers['x-amz-target'] === undefined) {
      for (const l of listeners) l(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verdict = guard({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      if (!verdict.ok) {
        res.writeHead(verdict.status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': verdict.code });
        return res.end(JSON.stringify(cognitoErrorBody(verdict)));
      }
      // The emulator reads JSON bodies only; whatever else it would have ignored is empty here too.
      const parsed = req as IncomingMessage & { body?: unknown; _body?: boolean };
      try { parsed.body = String(req.headers['content-type'] ?? '').startsWith('application/x-amz-json-1.1') ? JSON.parse(body || '{}') : {}; } catch { parsed.body = {}; }
      parsed._body = true;
      for (const l of listeners) l(req, res);
    });
  });
}
