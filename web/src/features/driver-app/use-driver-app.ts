import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import { useWakeLock } from './use-wake-lock';

/** The VAPID key as the Push API takes it (bytes of the base64url text). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Registers the service worker (its scope: the whole site) and, once notifications are allowed,
 * the browser's Web Push subscription as this user's `WEB` device, so offers and messages reach a
 * console in the background, worded in the language the console shows (registered again when the
 * driver picks another). A browser without the APIs, or a refusal, leaves the console as it
 * was: pushes are a help, the live topics still work while the tab is open.
 */
export async function registerWebPush(api: ApiClient, language: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (!('PushManager' in window) || typeof Notification === 'undefined') return;
  if (Notification.permission === 'default') await Notification.requestPermission();
  if (Notification.permission !== 'granted') return;
  const { publicKey } = await api.fetchWebPushKey({});
  if (!publicKey) return;
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription())
    ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.registerDevice({ body: { pushToken: JSON.stringify(subscription), userPlatform: 'WEB', language } });
}

/** The installed-app behaviour of the driver console: the screen kept on while online, and Web Push. */
export function useDriverApp(api: ApiClient, online: boolean, language: string): void {
  useWakeLock(online);
  useEffect(() => {
    if (!online) return;
    // A push service out of reach (no network, a browser without one) must not break the console.
    registerWebPush(api, language).catch(() => undefined);
  }, [api, online, language]);
}
