import { Agent } from 'node:https';
import { parseWebPushToken } from '../../../../shared/src/contract/notifications';
import type { PushSender } from '../../ports/push';
import type { SendWebPush } from './web-push-sender';

/** Hosts that name this machine: a push service listening there is one a test or a developer runs. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a `WEB` device's subscription points at a push service on this machine. */
export function isLoopbackSubscription(token: string): boolean {
  const subscription = parseWebPushToken(token);
  if (!subscription) return false;
  try {
    return LOOPBACK.has(new URL(subscription.endpoint).hostname);
  } catch {
    return false;
  }
}

/**
 * web-push's `sendNotification` for a push service on this machine. Its certificate is its own
 * (self-signed): the payload is encrypted for the browser whatever the transport (RFC 8291), and
 * the bytes never leave the machine, so there is nothing for a certificate authority to vouch for.
 */
export function loopbackSend(load: () => Promise<{ sendNotification: SendWebPush }>): SendWebPush {
  const agent = new Agent({ rejectUnauthorized: false });
  return async (subscription, payload, options) => (await load()).sendNotification(subscription, payload, { ...options, agent });
}

/**
 * Where no push service of the internet is reachable (the local cloud): `WEB` devices whose
 * subscription points at this machine get real Web Push (encrypted, VAPID-signed, the payload a
 * deployment sends), so a browser test can receive and show it; every other device keeps going
 * to `fallback` (the outbox).
 */
export function loopbackWebPushSender(web: PushSender, fallback: PushSender): PushSender {
  const of = (device: { platform: string; token: string }) => (device.platform === 'WEB' && isLoopbackSubscription(device.token) ? web : fallback);
  return {
    register: (device) => of(device).register(device),
    unregister: (endpointArn) => fallback.unregister(endpointArn),
    enabled: (endpointArn) => fallback.enabled(endpointArn),
    send: (device, payload) => of(device).send(device, payload),
  };
}
