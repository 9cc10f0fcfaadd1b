import { ROLES, type Role } from '../../../shared/src/contract';
import { postLoginDestination } from '../../../shared/src/domain/permissions';

/** Most privileged first: a user in several groups acts with the strongest one. */
const PRECEDENCE: readonly Role[] = ['admin', 'fleetadmin', 'driver', 'rider'];

/** Roles are Cognito groups (architecture §6), read from the ID token's `cognito:groups` claim. */
export function roleFromGroups(groups: unknown): Role | null {
  if (!Array.isArray(groups)) return null;
  const known = groups.filter((g): g is Role => (ROLES as readonly string[]).includes(g as string));
  return PRECEDENCE.find((r) => known.includes(r)) ?? null;
}

/** Spec §2: admin and fleetadmin go to /dashboard, driver to /bookings, others to /. */
export function postLoginPath(role: Role | null): string {
  return postLoginDestination(role);
}

export function isAllowed(role: Role | null, allowed: readonly Role[]): boolean {
  return role !== null && allowed.includes(role);
}
