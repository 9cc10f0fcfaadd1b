import type { Notification } from '../../../../shared/src/contract/notifications';
import { DomainError, notFound } from '../../../../shared/src/domain/errors';
import type { NotificationStore, StoredNotification } from '../../ports/notifications';
import { keys } from './keys';
import { stripKeys, table } from './repository';

type Item = StoredNotification & { pk: string; sk: string };

/** The admin's fields; everything else on the item is the send's. */
const FIELDS = ['devicetype', 'usertype', 'title', 'body'] as const;

/** Spec §3 Push notification at `CATALOG / NOTIFICATION#<id>` with its last send's progress (changes reach the `catalog` topic). */
export const notificationRepository: NotificationStore = {
  async list() {
    const items = await table.beginsWith<Item>(keys.catalogPk, keys.notificationPrefix);
    return items.map((i) => stripKeys(i) as Notification).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },

  async get(id, opts = {}) {
    const item = await table.get<Item>(keys.notification(id), opts);
    return item ? (stripKeys(item) as StoredNotification) : undefined;
  },

  async create(n) {
    await table.put({ ...keys.notification(n.id), ...n }, { condition: 'attribute_not_exists(pk)' });
  },

  async replace(current, next) {
    const names: Record<string, string> = { '#version': 'version' };
    const values: Record<string, unknown> = { ':expected': current.version, ':version': next.version };
    const sets = FIELDS.map((f, i) => { names[`#f${i}`] = f; values[`:f${i}`] = next[f]; return `#f${i} = :f${i}`; });
    await table.update(keys.notification(current.id), {
      expression: `SET ${sets.join(', ')}, #version = :version`,
      condition: 'attribute_exists(pk) AND #version = :expected', names, values,
    });
  },

  async remove(id, expectedVersion) {
    const exists = await table.get(keys.notification(id), { consistent: true });
    if (!exists) throw notFound();
    await table.delete(keys.notification(id), expectedVersion === undefined
      ? { condition: 'attribute_exists(pk)' }
      : { condition: 'attribute_exists(pk) AND #version = :v', names: { '#version': 'version' }, values: { ':v': expectedVersion } });
  },

  async startSend(current, send) {
    const s = send.state;
    const item = await table.update<Item>(keys.notification(current.id), {
      expression: 'SET #status = :sending, #total = :total, #sent = :zero, #failed = :zero, startedAt = :at, lastSentAt = :at, '
        + 'sendId = :sendId, #batch = :zero, #partition = :zero, #audience = :audience, sendTitle = :title, sendBody = :body '
        + 'REMOVE #cursor, scheduledBatch',
      condition: 'attribute_exists(pk) AND #version = :version AND (#status <> :sending OR lastSentAt < :stale)',
      names: {
        '#status': 'status', '#total': 'total', '#sent': 'sent', '#failed': 'failed', '#batch': 'batch', '#partition': 'partition',
        '#audience': 'audience', '#cursor': 'cursor', '#version': 'version',
      },
      values: {
        ':sending': 'sending', ':total': send.total, ':zero': 0, ':at': send.at, ':sendId': s.sendId, ':audience': s.audience,
        ':title': s.sendTitle, ':body': s.sendBody, ':version': current.version, ':stale': send.staleBefore,
      },
    });
    return stripKeys(item) as StoredNotification;
  },

  async advance(id, at, progress) {
    const names: Record<string, string> = {
      '#status': 'status', '#cursor': 'cursor', '#sent': 'sent', '#failed': 'failed', '#batch': 'batch',
    };
    const values: Record<string, unknown> = {
      ':sent': progress.sent, ':failed': progress.failed, ':at': progress.at, ':sendId': at.sendId, ':batch': at.batch, ':next': at.batch + 1,
      ':status': progress.next ? 'sending' : 'sent',
    };
    const sets = ['#sent = #sent + :sent', '#failed = #failed + :failed', 'lastSentAt = :at', '#batch = :next', '#status = :status'];
    const removes: string[] = [];
    if (progress.next) {
      sets.push('#partition = :partition');
      names['#partition'] = 'partition';
      values[':partition'] = progress.next.partition;
      if (progress.next.cursor) { sets.push('#cursor = :cursor'); values[':cursor'] = progress.next.cursor; } else removes.push('#cursor');
    } else removes.push('#cursor');
    try {
      await table.update(keys.notification(id), {
        expression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        condition: 'sendId = :sendId AND #batch = :batch', names, values,
      });
      return true;
    } catch (e) {
      if (e instanceof DomainError && e.status === 409) return false;
      throw e;
    }
  },

  async markScheduled(id, sendId, batch) {
    try {
      await table.update(keys.notification(id), {
        expression: 'SET scheduledBatch = :batch', condition: 'sendId = :sendId AND (attribute_not_exists(scheduledBatch) OR scheduledBatch < :batch)',
        values: { ':batch': batch, ':sendId': sendId },
      });
    } catch (e) {
      if (!(e instanceof DomainError && e.status === 409)) throw e;
    }
  },
};
