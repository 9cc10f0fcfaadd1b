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
  // node:https is imported on the first send, not at module load: a static import would make every
  // function that can push load the runtime's HTTP stack at cold start, loopback or not.
  let agent: Promise<import('node:https').Agent> | undefined;
  return async (subscription, payload, options) => {
    agent ??= import('node:https').then(({ Agent }) => new Agent({ rejectUnauthorized: false }));
    return (await load()).sendNotification(subscription, payload, { ...options, agent: await agent });
  };
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
