import { randomUUID } from 'node:crypto';
import { keys } from '../dynamodb/keys';
import { table } from '../dynamodb/repository';
import type { PushSender } from '../../ports/push';

const OUTBOX_TTL_SECONDS = 24 * 60 * 60;

/**
 * Where nothing can be pushed (the local cloud, LocalStack): what would have been sent to which
 * device is kept in the table's outbox (channel `push`), which the local cloud shows at
 * /local/outbox and tests read. Devices need no endpoint here.
 */
export const outboxPushSender: PushSender = {
  async register() {
    return undefined;
  },
  async unregister() {},
  async enabled() {
    return true;
  },
  async send(device, payload) {
    const at = new Date().toISOString();
    await table.put({
      ...keys.outboxMessage(at, randomUUID()), channel: 'push', to: device.token, platform: device.platform, uid: device.uid,
      title: payload.title, body: payload.body, message: `${payload.title}: ${payload.body}`, ...(payload.data ? { data: payload.data } : {}),
      at, expiresAt: Math.floor(Date.now() / 1000) + OUTBOX_TTL_SECONDS,
    });
    return 'sent';
  },
};
