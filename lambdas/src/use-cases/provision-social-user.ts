import { makeAppleReferralId, makeReferralId } from '../../../shared/src/domain/codes';
import type { ProfileItem } from '../ports/users';
import type { UserStore } from '../ports/users';

export type SocialProvider = 'facebook' | 'apple';

/** Cognito names federated users `<provider>_<id>`; anything else is not a social sign-up. */
export function socialProviderOf(userName: string): SocialProvider | undefined {
  const prefix = userName.split('_')[0]?.toLowerCase();
  if (prefix === 'facebook') return 'facebook';
  if (prefix === 'signinwithapple') return 'apple';
  return undefined;
}

/**
 * Spec §4 Sign-in: a first Facebook or Apple sign-in makes an approved rider with wallet 0 (an
 * Apple referral id is 'rider' + 4 digits). Runs in Cognito's post-confirmation trigger, before the
 * first tokens, so they already carry the rider group.
 */
export async function provisionSocialUser(
  deps: { users: UserStore; addToRiderGroup(userPoolId: string, userName: string): Promise<void>; now: () => Date; random?: () => number },
  input: { userPoolId: string; userName: string; attributes: Record<string, string | undefined> },
): Promise<ProfileItem | undefined> {
  const provider = socialProviderOf(input.userName);
  const uid = input.attributes.sub;
  if (!provider || !uid) return undefined;
  const existing = await deps.users.get(uid);
  if (existing) return existing;
  const firstName = input.attributes.given_name ?? input.attributes.name?.split(' ')[0] ?? '';
  const profile: ProfileItem = {
    id: uid,
    createdAt: deps.now().toISOString(),
    firstName,
    lastName: input.attributes.family_name ?? '',
    email: (input.attributes.email ?? `${uid}@${provider}.invalid`).toLowerCase(),
    mobile: '',
    usertype: 'rider',
    loginType: provider,
    referralId: provider === 'apple' ? makeAppleReferralId(deps.random) : makeReferralId(firstName, deps.random),
    approved: true,
    walletBalance: 0,
  };
  await deps.addToRiderGroup(input.userPoolId, input.userName);
  await deps.users.createWithClaims(profile);
  return profile;
}
