import type { UserStore } from '../ports/users';

/** Spec check_user_exists: whether, never who. */
export async function checkUserExists(deps: { users: UserStore }, input: { email?: string; mobile?: string }): Promise<{ exists: boolean }> {
  return { exists: await deps.users.emailOrMobileTaken((input.email ?? '').trim().toLowerCase(), input.mobile ?? '') };
}
