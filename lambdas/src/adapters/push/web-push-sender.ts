import type { PushSubscription, RequestOptions, SendResult } from 'web-push';
import { parseWebPushToken } from '../../../../shared/src/contract/notifications';
import type { SecretSource } from '../../ports/payments';
import type { PushSender } from '../../ports/push';
import { onFirstUse } from '../sdk';

/** The VAPID identity this deployment signs pushes with (RFC 8292), kept in the secret store. */
export interface VapidKeys { publicKey: string; privateKey: string; subject: string }

/** web-push's `sendNotification`: encrypts the payload for the subscription and posts it to its push service. */
export type SendWebPush = (subscription: PushSubscription, payload: string, options: RequestOptions) => Promise<SendResult>;

/**
 * How long a push service keeps a push for a browser that is offline (seconds). An offer lapses
 * within its answer window and a chat line is stale after minutes: an hour-old push is noise.
 */
export const WEB_PUSH_TTL_SECONDS = 15 * 60;

const library = onFirstUse(() => import('web-push'));
const sendWithLibrary: SendWebPush = async (subscription, payload, options) => {
  const mod = await library();
  return (mod.default ?? mod).sendNotification(subscription, payload, options);
};

/** The keys from the secret's JSON; undefined when the deployment has none (or they are malformed). */
export function parseVapidKeys(raw: string | undefined): VapidKeys | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<VapidKeys>;
    return typeof v.publicKey === 'string' && typeof v.privateKey === 'string' && typeof v.subject === 'string' && v.publicKey && v.privateKey && v.subject
      ? { publicKey: v.publicKey, privateKey: v.privateKey, subject: v.subject } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Web Push (VAPID) to a browser's PushSubscription, which is the `WEB` device's token. Nothing is
 * registered with the platform beforehand: the subscription is the address. The push service's
 * 404 and 410 mean the subscription is gone (forget the device); a deployment without VAPID keys
 * cannot reach browsers (`unreachable`); any other failure throws, so the claim is released and
 * the delivery retried.
 */
export function webPushSender(secrets: SecretSource, send: SendWebPush = sendWithLibrary): PushSender & { publicKey(): Promise<string | undefined> } {
  const keys = async () => parseVapidKeys(await secrets.get('webPush'));
  return {
    async publicKey() {
      return (await keys())?.publicKey;
    },
    async register() {
      return undefined;
    },
    async unregister() {},
    async enabled() {
      return true;
    },
    async send(device, payload) {
      const subscription = parseWebPushToken(device.token);
      if (!subscription) return 'gone';
      const vapid = await keys();
      if (!vapid) return 'unreachable';
      try {
        await send(subscription, JSON.stringify({ title: payload.title, body: payload.body, data: payload.data ?? {} }), {
          vapidDetails: vapid, TTL: WEB_PUSH_TTL_SECONDS, urgency: 'high', timeout: 10_000,
        });
        return 'sent';
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw e;
      }
    },
  };
}
