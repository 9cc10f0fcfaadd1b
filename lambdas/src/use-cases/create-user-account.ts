import type { Role } from '../../../shared/src/contract/route';
import type { UserProfile } from '../../../shared/src/contract/users';
import { makeReferralId } from '../../../shared/src/domain/codes';
import { DomainError } from '../../../shared/src/domain/errors';
import type { ProfileItem } from '../ports/users';
import type { IdentityProvider, UserStore } from '../ports/users';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
  usertype: Role;
  approved: boolean;
  emailVerified: boolean;
  loginType: UserProfile['loginType'];
  createdByAdmin?: boolean;
  fleetadmin?: string;
  signupViaReferral?: string;
  /** The referrer a sign-up named; its bonus is earned later, by the new user's first paid trip (apply-paid.ts). */
  driver?: Partial<Pick<UserProfile, 'vehicleMake' | 'vehicleModel' | 'vehicleNumber' | 'other_info' | 'carType' | 'licenseImage' | 'bankName' | 'bankCode' | 'bankAccount'>>;
}

export interface AccountDeps {
  users: UserStore;
  identity: IdentityProvider;
  now: () => Date;
  random?: () => number;
}

/**
 * Creates the Cognito user, its group and the profile with its unique claims. The profile
 * transaction is the arbiter of uniqueness; if it loses, the Cognito user made for it is removed
 * again so no half account remains.
 */
export async function createUserAccount(deps: AccountDeps, input: NewAccount): Promise<ProfileItem> {
  const email = input.email.trim().toLowerCase();
  const { uid } = await deps.identity.createUser({
    email, password: input.password, phone: input.mobile || undefined, emailVerified: input.emailVerified,
  });
  try {
    await deps.identity.addToGroup(uid, email, input.usertype);
    const base: ProfileItem = {
      id: uid,
      createdAt: deps.now().toISOString(),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email,
      mobile: input.mobile,
      usertype: input.usertype,
      loginType: input.loginType,
      referralId: '',
      approved: input.approved,
      walletBalance: 0,
      ...(input.createdByAdmin ? { createdByAdmin: true } : {}),
      ...(input.signupViaReferral ? { signupViaReferral: input.signupViaReferral } : {}),
      ...(input.usertype === 'driver'
        ? { queue: false, driverActiveStatus: true, ...(input.fleetadmin ? { fleetadmin: input.fleetadmin } : {}), ...input.driver }
        : {}),
    };
    // A referral id collision is the only conflict worth retrying; email and mobile collisions are final.
    for (let attempt = 0; ; attempt++) {
      const profile = { ...base, referralId: makeReferralId(input.firstName, deps.random) };
      try {
        await deps.users.createWithClaims(profile);
        return profile;
      } catch (e) {
        if (!(e instanceof DomainError) || e.status !== 409 || attempt >= 4) throw e;
        if (await deps.users.emailOrMobileTaken(email, input.mobile)) throw new DomainError('user_exists', 409);
      }
    }
  } catch (e) {
    await deps.identity.deleteUser(uid, email).catch(() => undefined);
    throw e;
  }
}
