import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { config } from '../../config';

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
let jwksIssuer = '';

/**
 * Verifies a Cognito ID token the way API Gateway's Cognito authorizer does: signature from the
 * pool's JWKS (RS256 only, so `alg: none` and HMAC tricks fail), issuer, audience = app client,
 * token_use = id, not expired. Returns the claims or undefined.
 */
export async function verifyIdToken(token: string | undefined): Promise<JWTPayload | undefined> {
  if (!token) return undefined;
  const { jwtIssuer, USER_POOL_CLIENT_ID } = config();
  if (!jwks || jwksIssuer !== jwtIssuer) {
    jwks = createRemoteJWKSet(new URL(`${jwtIssuer}/.well-known/jwks.json`));
    jwksIssuer = jwtIssuer;
  }
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer: jwtIssuer, audience: USER_POOL_CLIENT_ID, algorithms: ['RS256'] });
    return payload.token_use === 'id' ? payload : undefined;
  } catch {
    return undefined;
  }
}
