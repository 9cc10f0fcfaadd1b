import type { UserProfile } from '../../../../shared/src/contract/users';
import { keys } from './keys';
import { stripKeys, table, type TransactItem } from './repository';

export type ProfileItem = Omit<UserProfile, 'walletBalance'> & {
  walletBalance: number;
  /** Epoch ms: tokens whose session signed in before this are refused (sign-out, password reset, approval taken away). */
  tokensValidAfter?: number;
  /** When the referral bonus this user's sign-up named was earned (their first paid trip); internal, never shown. */
  referralBonusPaidAt?: number;
};

export const userRepository = {
  async get(uid: string, opts: { consistent?: boolean } = {}): Promise<ProfileItem | undefined> {
    const item = await table.get<ProfileItem & { pk: string; sk: string }>(keys.userProfile(uid), opts);
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
            ...(profile.usertype === 'driver' && profile.carType ? keys.driversByCarType(profile.carType, profile.id) : {}),
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
    // A changed email or mobile moves its unique claim: the old one goes (if it was ours), the new one must be free.
    const move = (oldKey: { pk: string; sk: string } | undefined, newKey: { pk: string; sk: string }, kind: string) => {
      if (oldKey) items.push({ Delete: { Key: oldKey, ConditionExpression: 'uid = :uid', ExpressionAttributeValues: { ':uid': current.id } } });
      items.push({ Put: { Item: { ...newKey, uid: current.id, kind }, ConditionExpression: 'attribute_not_exists(pk)' } });
    };
    if (next.email !== current.email) move(keys.emailClaim(current.email), keys.emailClaim(next.email), 'email');
    if (next.mobile !== current.mobile) move(current.mobile ? keys.mobileClaim(current.mobile) : undefined, keys.mobileClaim(next.mobile), 'mobile');
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

  async uidByReferral(referralId: string): Promise<string | undefined> {
    const claim = await table.get<{ uid: string; pk: string; sk: string }>(keys.referralClaim(referralId));
    return claim?.uid;
  },

  /** A page of one user type (gsi1), newest first. */
  async listByType(usertype: string, page: { cursor?: string; limit?: number }): Promise<{ items: ProfileItem[]; next?: string }> {
    const out = await table.query<ProfileItem & { pk: string; sk: string }>({
      IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.usersByTypePk(usertype) },
      ScanIndexForward: false, Limit: page.limit ?? 50, cursor: page.cursor,
    });
    return { items: out.items.map((i) => stripKeys(i) as ProfileItem), next: out.next };
  },

  /** A page of a fleet's drivers (gsi2), newest first. */
  async listFleetDrivers(fleetUid: string, page: { cursor?: string; limit?: number }): Promise<{ items: ProfileItem[]; next?: string }> {
    const out = await table.query<ProfileItem & { pk: string; sk: string }>({
      IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.fleetDriversPk(fleetUid) },
      ScanIndexForward: false, Limit: page.limit ?? 50, cursor: page.cursor,
    });
    return { items: out.items.map((i) => stripKeys(i) as ProfileItem), next: out.next };
  },

  /** Sets fields of an existing profile (never keys, claims or role) and returns the new profile. */
  async setFields(uid: string, fields: Record<string, unknown>): Promise<ProfileItem> {
    // A driver's car type is also its index entry: both change in the same write.
    const indexed = typeof fields.carType === 'string' ? keys.driversByCarType(fields.carType, uid) : {};
    const entries = Object.entries({ ...fields, ...indexed }).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([k, v], i) => { names[`#f${i}`] = k; values[`:v${i}`] = v; return `#f${i} = :v${i}`; });
    if (sets.length === 0) return (await userRepository.get(uid))!;
    const item = await table.update<ProfileItem & { pk: string; sk: string }>(keys.userProfile(uid), {
      expression: `SET ${sets.join(', ')}`, condition: 'attribute_exists(pk)', names, values, conflictCode: 'not_found',
    });
    return stripKeys(item) as ProfileItem;
  },

  /** The profile and its claims go together; the identity provider's user is removed by the caller. */
  async deleteWithClaims(profile: ProfileItem): Promise<void> {
    const items: TransactItem[] = [
      { Delete: { Key: keys.userProfile(profile.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { Key: keys.emailClaim(profile.email) } },
      { Delete: { Key: keys.referralClaim(profile.referralId) } },
    ];
    if (profile.mobile) items.push({ Delete: { Key: keys.mobileClaim(profile.mobile) } });
    await table.transact(items, { conflictCode: 'not_found' });
  },

  async anyDriverWithCarType(carType: string): Promise<boolean> {
    const out = await table.query({
      IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': keys.driversByCarTypePk(carType) }, Limit: 1,
    });
    return out.items.length > 0;
  },

  async emailOrMobileTaken(email: string, mobile: string): Promise<boolean> {
    const [e, m] = await Promise.all([
      table.get(keys.emailClaim(email), { consistent: true }),
      mobile ? table.get(keys.mobileClaim(mobile), { consistent: true }) : Promise.resolve(undefined),
    ]);
    return Boolean(e || m);
  },
};
