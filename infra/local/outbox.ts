import type { DynamoDBStreamEvent } from 'aws-lambda';

export interface OutboxMessage {
  channel: 'sms' | 'email' | 'message' | 'push';
  /** A phone number, an e-mail address, a user id (messages) or a device's push token (push). */
  to: string;
  message: string;
  at: string;
  bookingId?: string;
  /** Push only: the device's platform and user, and what the notification shows (`title` is an e-mail's subject too). */
  platform?: string;
  uid?: string;
  title?: string;
  body?: string;
}

/**
 * What the platform would text, e-mail or push, kept in memory (latest 1000) and shown at
 * `/local/outbox`: SMS and pushes from the table's outbox items and user messages from their inbox
 * items (all seen on the stream), e-mailed receipts from the outbox items, e-mail codes from cognito-local.
 */
export function createOutbox(onMessage?: (m: OutboxMessage) => void) {
  const items: OutboxMessage[] = [];
  const push = (m: OutboxMessage) => {
    items.unshift(m);
    items.length = Math.min(items.length, 1000);
    onMessage?.(m);
  };
  return {
    push,
    list: () => [...items],
    /** cognito-local's message sender (password reset and verification codes). */
    add: (entry: { to: string; kind: string; code: string }) =>
      push({ channel: entry.kind === 'sms' ? 'sms' : 'email', to: entry.to, message: `Your verification code is ${entry.code}`, at: new Date().toISOString() }),
  };
}

export function outboxTap(event: DynamoDBStreamEvent, outbox: ReturnType<typeof createOutbox>): void {
  for (const r of event.Records) {
    const img = r.dynamodb?.NewImage;
    if (r.eventName !== 'INSERT' || !img) continue;
    if (img.pk?.S === 'OUTBOX' && img.channel?.S === 'push') {
      outbox.push({
        channel: 'push', to: img.to?.S ?? '', message: img.message?.S ?? '', at: img.at?.S ?? new Date().toISOString(),
        platform: img.platform?.S, uid: img.uid?.S, title: img.title?.S, body: img.body?.S,
        ...(img.data?.M?.bookingId?.S ? { bookingId: img.data.M.bookingId.S } : {}),
      });
    } else if (img.pk?.S === 'OUTBOX' && img.channel?.S === 'email') {
      outbox.push({
        channel: 'email', to: img.to?.S ?? '', title: img.title?.S, message: img.message?.S ?? '', at: img.at?.S ?? new Date().toISOString(),
        ...(img.bookingId?.S ? { bookingId: img.bookingId.S } : {}),
      });
    } else if (img.pk?.S === 'OUTBOX') {
      outbox.push({ channel: 'sms', to: img.to?.S ?? '', message: img.message?.S ?? '', at: img.at?.S ?? new Date().toISOString() });
    } else if (img.sk?.S?.startsWith('MSG#')) {
      outbox.push({
        channel: 'message', to: img.to?.S ?? '', message: `${img.title?.S ?? ''}: ${img.body?.S ?? ''}`,
        at: new Date(Number(img.at?.N ?? Date.now())).toISOString(), ...(img.bookingId?.S ? { bookingId: img.bookingId.S } : {}),
      });
    }
  }
}
