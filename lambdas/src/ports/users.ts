import type { Role } from '../../../shared/src/contract/route';
import type { UserProfile } from '../../../shared/src/contract/users';
import type { DriverDocuments, OfflineReason } from '../../../shared/src/domain/driver-documents';

/** A user's profile item as the table holds it: money in minor units, and fields never shown. */
export type ProfileItem = Omit<UserProfile, 'walletBalance'> & {
  walletBalance: number;
  /** Epoch ms: tokens whose session signed in before this are refused (sign-out, password reset, approval taken away). */
  tokensValidAfter?: number;
  /** When the referral bonus this user's sign-up named was earned (their first paid trip); internal, never shown. */
  referralBonusPaidAt?: number;
  /** A driver's documents (domain/driver-documents); shown through the documents routes only. */
  documents?: DriverDocuments;
  /** Why the platform set the driver offline (documents), until they go online again. */
  offlineReason?: OfflineReason;
};

export interface UserStore {
  get(uid: string, opts?: { consistent?: boolean }): Promise<ProfileItem | undefined>;
  createWithClaims(profile: ProfileItem): Promise<void>;
  emailOrMobileTaken(email: string, mobile: string): Promise<boolean>;
  /** Writes the editable fields; moves the email/mobile claims when they change. 409 `user_exists` if taken. */
  updateProfile(current: ProfileItem, next: { firstName: string; lastName: string; email: string; mobile: string }): Promise<ProfileItem>;
  uidByReferral(referralId: string): Promise<string | undefined>;
  listByType(usertype: string, page: { cursor?: string; limit?: number }): Promise<{ items: ProfileItem[]; next?: string }>;
  /** A page of one user type whose searchable name (domain/user-search) starts with `prefix`; with `fleet`, only its drivers. */
  searchByName(usertype: string, prefix: string, page: { cursor?: string; limit?: number }, fleet?: string): Promise<{ items: ProfileItem[]; next?: string }>;
  getByEmail(email: string): Promise<ProfileItem | undefined>;
  listFleetDrivers(fleetUid: string, page: { cursor?: string; limit?: number }): Promise<{ items: ProfileItem[]; next?: string }>;
  /** 404 `not_found` when the profile is gone. */
  setFields(uid: string, fields: Record<string, unknown>): Promise<ProfileItem>;
  /** Removes optional fields (none of them indexed); 404 `not_found` when the profile is gone. */
  removeFields(uid: string, fields: readonly string[]): Promise<void>;
  deleteWithClaims(profile: ProfileItem): Promise<void>;
  /** Whether any driver drives this car type (by name, case-insensitive). */
  anyDriverWithCarType(carType: string): Promise<boolean>;
}

/** The identity provider (Cognito): accounts and group membership. Roles are groups. */
export interface IdentityProvider {
  createUser(input: { email: string; password: string; phone?: string; emailVerified: boolean }): Promise<{ uid: string }>;
  addToGroup(uid: string, email: string, group: Role): Promise<void>;
  deleteUser(uid: string, email: string): Promise<void>;
  findByEmail(email: string): Promise<{ uid: string } | undefined>;
  /** Revokes every refresh token of the user (Cognito AdminUserGlobalSignOut). */
  signOutEverywhere(uid: string): Promise<void>;
}
