import type { InboxMessage } from '../../../../shared/src/contract/inbox';
import { keys } from './keys';
import { table } from './repository';

/** A user's messages (written by the state changes that cause them), newest first. */
export const inboxRepository = {
  async list(uid: string, page: { cursor?: string; limit?: number }): Promise<{ items: InboxMessage[]; next?: string }> {
    const out = await table.query<InboxMessage & Record<string, unknown>>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :msg)',
      ExpressionAttributeValues: { ':pk': keys.userPk(uid), ':msg': keys.messagePrefix },
      ScanIndexForward: false, Limit: page.limit ?? 25, cursor: page.cursor,
    });
    return {
      items: out.items.map((m) => ({ id: m.id, at: m.at, kind: m.kind, title: m.title, body: m.body, ...(m.values ? { values: m.values } : {}), ...(m.bookingId ? { bookingId: m.bookingId } : {}) })),
      next: out.next,
    };
  },
};
