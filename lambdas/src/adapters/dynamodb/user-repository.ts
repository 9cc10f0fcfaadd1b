import { DOCUMENT_QUEUES, queueOrder } from '../../../../shared/src/domain/document-queue';
import { DomainError } from '../../../../shared/src/domain/errors';
import { searchableName } from '../../../../shared/src/domain/user-search';
import type { ProfileItem } from '../../ports/users';
import { keys } from './keys';
import { stripKeys, table, type TransactItem } from './repository';

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
            ...keys.usersByName(profile.usertype, searchableName(profile.firstName, profile.lastName), profile.id),
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
    const named = keys.usersByName(current.usertype, searchableName(next.firstName, next.lastName), current.id);
    const update = {
      Key: key,
      // The name index entry follows the name in the same write.
      UpdateExpression: 'SET firstName = :f, lastName = :l, email = :e, mobile = :m, gsi4pk = :npk, gsi4sk = :nsk',
      ConditionExpression: 'attribute_exists(pk) AND email = :oldEmail AND mobile = :oldMobile',
      ExpressionAttributeValues: { ':f': next.firstName, ':l': next.lastName, ':e': next.email, ':m': next.mobile, ':npk': named.gsi4pk, ':nsk': named.gsi4sk, ':oldEmail': current.email, ':oldMobile': current.mobile },
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
        values: { ':f': next.firstName, ':l': next.lastName, ':e': next.email, ':m': next.mobile, ':npk': named.gsi4pk, ':nsk': named.gsi4sk },
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

  /**
   * A page of one user type whose searchable name starts with `prefix` (gsi4, name order): the
   * read follows the matches, never the number of users. With `fleet`, only that fleet's drivers
   * (a filter on the same page: a fleet admin searches among all drivers of that name).
   */
  async searchByName(usertype: string, prefix: string, page: { cursor?: string; limit?: number }, fleet?: string): Promise<{ items: ProfileItem[]; next?: string }> {
    const out = await table.query<ProfileItem & { pk: string; sk: string }>({
      IndexName: 'gsi4', KeyConditionExpression: 'gsi4pk = :pk AND begins_with(gsi4sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.usersByNamePk(usertype), ':prefix': prefix, ...(fleet ? { ':fleet': fleet } : {}) },
      ...(fleet ? { FilterExpression: 'fleetadmin = :fleet' } : {}),
      Limit: page.limit ?? 50, cursor: page.cursor,
    });
    return { items: out.items.map((i) => stripKeys(i) as ProfileItem), next: out.next };
  },

  /** The profile an e-mail address belongs to (its claim, then the profile): two reads, whatever the number of users. */
  async getByEmail(email: string): Promise<ProfileItem | undefined> {
    const claim = await table.get<{ uid: string; pk: string; sk: string }>(keys.emailClaim(email));
    return claim ? userRepository.get(claim.uid) : undefined;
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
  async removeFields(uid: string, fields: readonly string[]) {
    const names = Object.fromEntries(fields.map((f, i) => [`#r${i}`, f]));
    await table.update(keys.userProfile(uid), { expression: `REMOVE ${Object.keys(names).join(', ')}`, condition: 'attribute_exists(pk)', names, conflictCode: 'not_found' });
  },

  async setFields(uid: string, fields: Record<string, unknown>): Promise<ProfileItem> {
    // A driver's car type is also its index entry: both change in the same write.
    const indexed = typeof fields.carType === 'string' ? keys.driversByCarType(fields.carType, uid) : {};
    // So is a name: its search entry is written with it, conditioned on the names it was made from.
    const renamed = typeof fields.firstName === 'string' || typeof fields.lastName === 'string';
    const current = renamed ? await userRepository.get(uid, { consistent: true }) : undefined;
    if (renamed && !current) throw new DomainError('not_found', 404);
    const named = current
      ? keys.usersByName(current.usertype, searchableName((fields.firstName as string | undefined) ?? current.firstName, (fields.lastName as string | undefined) ?? current.lastName), uid)
      : {};
    const entries = Object.entries({ ...fields, ...indexed, ...named }).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([k, v], i) => { names[`#f${i}`] = k; values[`:v${i}`] = v; return `#f${i} = :v${i}`; });
    if (sets.length === 0) return (await userRepository.get(uid))!;
    let condition = 'attribute_exists(pk)';
    if (current) {
      condition += ' AND firstName = :oldFirst AND lastName = :oldLast';
      values[':oldFirst'] = current.firstName;
      values[':oldLast'] = current.lastName;
    }
    const item = await table.update<ProfileItem & { pk: string; sk: string }>(keys.userProfile(uid), {
      expression: `SET ${sets.join(', ')}`, condition, names, values, conflictCode: current ? 'conflict' : 'not_found',
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
    // A driver's documents go with the profile, and so do their entries in the reviewers' queues.
    for (const [type, doc] of Object.entries(profile.documents ?? {})) {
      for (const queue of DOCUMENT_QUEUES) {
        const order = doc ? queueOrder(queue, doc) : undefined;
        if (order !== undefined) items.push({ Delete: { Key: keys.documentQueueEntry(queue, order, profile.id, type) } });
      }
    }
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
