import { ROLES, type Role } from '../../../shared/src/contract/route';
import { claimSeconds } from '../../../shared/src/domain/session-end';
import type { Caller } from '../ports/caller';

/** Higher privilege first: a user in two groups acts with the stronger one. */
const PRECEDENCE: Role[] = ['admin', 'fleetadmin', 'driver', 'rider'];

/**
 * API Gateway's Cognito authorizer hands claims over as strings; `cognito:groups` arrives as
 * "admin" or "[admin rider]" or "admin,rider" depending on the integration. Roles come only from
 * groups, never from a user-writable attribute.
 */
export function parseGroups(raw: unknown): Role[] {
  let list: string[] = [];
  if (Array.isArray(raw)) list = raw.map(String);
  else if (typeof raw === 'string') list = raw.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
  return list.filter((g): g is Role => (ROLES as readonly string[]).includes(g));
}

export function callerFromClaims(claims: Record<string, unknown> | undefined): Caller | undefined {
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) return undefined;
  const groups = parseGroups(claims['cognito:groups']);
  const role = PRECEDENCE.find((r) => groups.includes(r));
  if (!role) return undefined;
  return {
    uid: claims.sub,
    role,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    signedInAt: claimSeconds(claims.auth_time) ?? claimSeconds(claims.iat),
  };
}
