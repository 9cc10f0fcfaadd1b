import type { Role } from '../../../shared/src/contract/route';
import type { ProfileItem } from '../adapters/dynamodb/user-repository';

export interface UserStore {
  get(uid: string): Promise<ProfileItem | undefined>;
  createWithClaims(profile: ProfileItem): Promise<void>;
  emailOrMobileTaken(email: string, mobile: string): Promise<boolean>;
}

/** The identity provider (Cognito): accounts and group membership. Roles are groups. */
export interface IdentityProvider {
  createUser(input: { email: string; password: string; phone?: string; emailVerified: boolean }): Promise<{ uid: string }>;
  addToGroup(uid: string, email: string, group: Role): Promise<void>;
  deleteUser(uid: string, email: string): Promise<void>;
  findByEmail(email: string): Promise<{ uid: string } | undefined>;
}
