import type { UserProfile } from '../../../shared/src/contract';

/** "First Last", or the email when both names are empty (e.g. an account made by an admin). */
export function displayName(user: Pick<UserProfile, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
