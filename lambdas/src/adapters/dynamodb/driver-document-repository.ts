import type { DriverDocumentStore } from '../../ports/driver-documents';
import { keys } from './keys';
import { messageItems } from './message-items';
import { offlineItems } from './presence-repository';
import { table, type TransactItem } from './repository';
import { userRepository } from './user-repository';

/** Reminder markers outlive their document's expiry by this long, then DynamoDB's TTL removes them. */
const MARKER_TTL_AFTER_EXPIRY_SECONDS = 60 * 24 * 60 * 60;

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

  driversPage: (cursor) => userRepository.listByType('driver', { cursor, limit: 100 }),
};
