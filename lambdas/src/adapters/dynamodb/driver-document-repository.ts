import { DOCUMENT_QUEUES, queueOrder } from '../../../../shared/src/domain/document-queue';
import type { DriverDocumentRecord } from '../../../../shared/src/domain/driver-documents';
import type { DocumentChange, DriverDocumentStore, QueueEntry } from '../../ports/driver-documents';
import type { ProfileItem } from '../../ports/users';
import { keys } from './keys';
import { messageItems } from './message-items';
import { offlineItems } from './presence-repository';
import { stripKeys, table, type Item, type TransactItem } from './repository';
import { userRepository } from './user-repository';

/** Reminder markers outlive their document's expiry by this long, then DynamoDB's TTL removes them. */
const MARKER_TTL_AFTER_EXPIRY_SECONDS = 60 * 24 * 60 * 60;

/**
 * A document change's moves in the reviewers' queues: the entry of the record it replaces goes, the
 * new record's comes, each only where its place changed. The change is conditioned on the replaced
 * record's version, so the entry deleted is the one that record wrote.
 */
function queueMoves(c: DocumentChange): TransactItem[] {
  const before: DriverDocumentRecord | undefined = c.profile.documents?.[c.type];
  const moves: TransactItem[] = [];
  for (const queue of DOCUMENT_QUEUES) {
    const was = before ? queueOrder(queue, before) : undefined;
    const now = queueOrder(queue, c.next);
    if (was === now) continue;
    if (was !== undefined) moves.push({ Delete: { Key: keys.documentQueueEntry(queue, was, c.profile.id, c.type) } });
    if (now !== undefined) {
      moves.push({
        Put: {
          Item: {
            ...keys.documentQueueEntry(queue, now, c.profile.id, c.type),
            ...(c.profile.fleetadmin ? keys.documentQueueByFleet(queue, now, c.profile.id, c.type, c.profile.fleetadmin) : {}),
            uid: c.profile.id, type: c.type, order: now,
          },
        },
      });
    }
  }
  return moves;
}

/**
 * Driver documents live on the driver's profile item (`documents.<type>`), so the admission read
 * that every request makes already holds them, the ping copies them into the geo index entry, and
 * each change is one conditional write of that item (with the driver's offline switch and their
 * message in the same transaction when the change has those).
 */
export const driverDocumentRepository: DriverDocumentStore = {
  async change(c, now) {
    const names: Record<string, string> = { '#docs': 'documents', '#t': c.type };
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const conditions = ['attribute_exists(pk)'];
    // A nested path cannot be set under a map that does not exist yet: the first document sets the map.
    if (c.profile.documents) {
      sets.push('#docs.#t = :doc');
      values[':doc'] = c.next;
      conditions.push('attribute_exists(#docs)');
    } else {
      sets.push('#docs = :docs');
      values[':docs'] = { [c.type]: c.next };
      conditions.push('attribute_not_exists(#docs)');
    }
    if (c.expectVersion === undefined) conditions.push('attribute_not_exists(#docs.#t)');
    else {
      conditions.push('#docs.#t.#v = :expect');
      names['#v'] = 'version';
      values[':expect'] = c.expectVersion;
    }
    if (c.expectPending) {
      conditions.push('#docs.#t.#s = :pending');
      names['#s'] = 'status';
      values[':pending'] = 'pending';
    }
    if (c.licenseImage) {
      sets.push('licenseImage = :image');
      values[':image'] = c.licenseImage;
    }
    if (c.offline) {
      sets.push('driverActiveStatus = :off', 'offlineReason = :reason');
      values[':off'] = false;
      values[':reason'] = c.offline.reason;
    }
    const items: TransactItem[] = [{
      Update: {
        Key: keys.userProfile(c.profile.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    }];
    items.push(...queueMoves(c));
    if (c.offline) items.push(...offlineItems(c.profile.id, c.offline.state));
    items.push(...messageItems(c.messages ?? [], now));
    await table.transact(items, { conflictCode: 'document_changed' });
    return {
      ...c.profile,
      documents: { ...c.profile.documents, [c.type]: c.next },
      ...(c.licenseImage ? { licenseImage: c.licenseImage } : {}),
      ...(c.offline ? { driverActiveStatus: false, offlineReason: c.offline.reason } : {}),
    };
  },

  async setOffline(profile, state, reason, messages, now) {
    const items: TransactItem[] = [
      {
        Update: {
          Key: keys.userProfile(profile.id),
          UpdateExpression: 'SET driverActiveStatus = :off, offlineReason = :reason',
          // Only an online driver: one who switched off already keeps their own choice and hears nothing.
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(driverActiveStatus) OR driverActiveStatus = :on)',
          ExpressionAttributeValues: { ':off': false, ':on': true, ':reason': reason },
        },
      },
      ...offlineItems(profile.id, state),
      ...messageItems(messages, now),
    ];
    const out = await table.transactOrFailed(items);
    return out.ok;
  },

  async remind(uid, type, expiresOn, days, message, now) {
    const expiry = Math.floor(Date.parse(`${expiresOn}T00:00:00Z`) / 1000);
    const out = await table.transactOrFailed([
      {
        Put: {
          Item: { ...keys.documentReminder(uid, type, expiresOn, days), uid, type, expiresOn, days, at: now, expiresAt: expiry + MARKER_TTL_AFTER_EXPIRY_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...messageItems([message], now),
    ]);
    return out.ok;
  },

  async queuePage(queue, page) {
    const pk = keys.documentQueuePk(queue, page.fleet);
    const out = await table.query<QueueEntry & Item>({
      ...(page.fleet ? { IndexName: 'gsi1' } : {}),
      KeyConditionExpression: page.until === undefined ? '#pk = :pk' : '#pk = :pk AND #sk <= :until',
      ExpressionAttributeNames: page.fleet ? { '#pk': 'gsi1pk', ...(page.until === undefined ? {} : { '#sk': 'gsi1sk' }) } : { '#pk': 'pk', ...(page.until === undefined ? {} : { '#sk': 'sk' }) },
      ExpressionAttributeValues: { ':pk': pk, ...(page.until === undefined ? {} : { ':until': keys.documentQueueThrough(page.until) }) },
      Limit: page.limit, cursor: page.cursor,
    });
    const entries = out.items.map(({ uid, type, order }) => ({ uid, type, order }));
    const uids = [...new Set(entries.map((e) => e.uid))];
    const found = uids.length ? await table.batchGet(uids.map((uid) => keys.userProfile(uid))) : [];
    const drivers = new Map<string, ProfileItem>();
    for (const item of found) if (item) drivers.set(item.id as string, stripKeys(item) as ProfileItem);
    return { entries, drivers, ...(out.next ? { next: out.next } : {}) };
  },

  driversPage: (cursor) => userRepository.listByType('driver', { cursor, limit: 100 }),
};
