import type { UserType } from './table-config';

/** The live topic of a users table: its type's for admins, its own drivers' for a fleet admin. */
export function usersTopic(usertype: UserType, role: string | null | undefined, uid: string | undefined): string | undefined {
  if (role === 'admin') return `users/${usertype}`;
  if (role === 'fleetadmin' && usertype === 'driver' && uid) return `users/fleet/${uid}`;
  return undefined;
}
