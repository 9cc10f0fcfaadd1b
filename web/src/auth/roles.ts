import type { Role } from '../../../shared/src/contract';
import { postLoginDestination } from '../../../shared/src/domain/permissions';

/**
 * Most privileged first: a user in several groups acts with the strongest one. Every role of the
 * contract, checked by the compiler (the contract's runtime `ROLES` would bring zod along).
 */
const PRECEDENCE = ['admin', 'fleetadmin', 'driver', 'rider'] as const satisfies readonly Role[];
/** Fails to compile when the contract gains a role that PRECEDENCE does not rank. */
type RankedEveryRole<Missing extends never> = Missing;
export type NoUnrankedRole = RankedEveryRole<Exclude<Role, (typeof PRECEDENCE)[number]>>;

/** Roles are Cognito groups (architecture §6), read from the ID token's `cognito:groups` claim. */
export function roleFromGroups(groups: unknown): Role | null {
  if (!Array.isArray(groups)) return null;
  return PRECEDENCE.find((r) => groups.includes(r)) ?? null;
}

/** Spec §2: admin and fleetadmin go to /dashboard, driver to /bookings, others to /. */
export function postLoginPath(role: Role | null): string {
  return postLoginDestination(role);
}

export function isAllowed(role: Role | null, allowed: readonly Role[]): boolean {
  return role !== null && allowed.includes(role);
}
