import type { UserProfile } from '../../../../shared/src/contract/users';
import { keys } from './keys';
import { stripKeys, table, type TransactItem } from './repository';

export type ProfileItem = Omit<UserProfile, 'walletBalance'> & { walletBalance: number };

export const userRepository = {
  async get(uid: string): Promise<ProfileItem | undefined> {
    const item = await table.get<ProfileItem & { pk: string; sk: string }>(keys.userProfile(uid));
    return item ? (stripKeys(item) as ProfileItem) : undefined;
  },

  /**
   * The profile and its unique claims (email, mobile, referral id) in one transaction: two
   * simultaneous sign-ups with one email make exactly one account.
   */
  async createWithClaims(profile: ProfileItem): Promise<void> {
    const claim = (key: { pk: string; sk: string }, kind: string): TransactItem => ({
      Put: { Item: { ...key, uid: profile.id, kind }, ConditionExpression: 'attribute_not_exists(pk)' },
    });
    const items: TransactItem[] = [
      {
        Put: {
          Item: {
            ...keys.userProfile(profile.id),
            ...keys.usersByType(profile.usertype, profile.createdAt, profile.id),
            ...(profile.fleetadmin ? keys.fleetDrivers(profile.fleetadmin, profile.createdAt, profile.id) : {}),
            ...profile,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      claim(keys.emailClaim(profile.email), 'email'),
      claim(keys.referralClaim(profile.referralId), 'referral'),
    ];
    if (profile.mobile) items.push(claim(keys.mobileClaim(profile.mobile), 'mobile'));
    await table.transact(items, { conflictCode: 'user_exists' });
  },

  async updateProfile(current: ProfileItem, next: { firstName: string; lastName: string; email: string; mobile: string }): Promise<ProfileItem> {
    const key = keys.userProfile(current.id);
    const update = {
      Key: key,
      UpdateExpression: 'SET firstName = :f, lastName = :l, email = :e, mobile = :m',
      ConditionExpression: 'attribute_exists(pk) AND email = :oldEmail AND mobile = :oldMobile',
      ExpressionAttributeValues: { ':f': next.firstName, ':l': next.lastName, ':e': next.email, ':m': next.mobile, ':oldEmail': current.email, ':oldMobile': current.mobile },
    };
    const items: TransactItem[] = [{ Update: update }];
    const move = (oldKey: { pk: string; sk: string }, newKey: { pk: string; sk: string }, kind: string) => {
      items.push({ Delete: { Key: oldKey, ConditionExpression: 'uid = :uid', ExpressionAttributeValues: { ':uid': current.id } } });
      items.push({ Put: { Item: { ...newKey, uid: current.id, kind }, ConditionExpression: 'attribute_not_exists(pk)' } });
    };
    if (next.email !== current.email) move(keys.emailClaim(current.email), keys.emailClaim(next.email), 'email');
    if (next.mobile !== current.mobile) {
      if (current.mobile) items.push({ Delete: { Key: keys.mobileClaim(current.mobile) } });
      items.push({ Put: { Item: { ...keys.mobileClaim(next.mobile), uid: current.id, kind: 'mobile' }, ConditionExpression: 'attribute_not_exists(pk)' } });
    }
    if (items.length === 1) {
      await table.update(key, {
        expression: update.UpdateExpression, condition: 'attribute_exists(pk)',
        values: { ':f': next.firstName, ':l': next.lastName, ':e': next.email, ':m': next.mobile },
      });
    } else {
      await table.transact(items, { conflictCode: 'user_exists' });
    }
    return { ...current, ...next };
  },

  async emailOrMobileTaken(email: string, mobile: string): Promise<boolean> {
    const [e, m] = await Promise.all([
      table.get(keys.emailClaim(email), { consistent: true }),
      mobile ? table.get(keys.mobileClaim(mobile), { consistent: true }) : Promise.resolve(undefined),
    ]);
    return Boolean(e || m);
  },
};
