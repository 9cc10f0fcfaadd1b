/**
 * The web app's service worker, built to `/sw.js` (web/vite.config.ts) so its scope is the whole
 * site. It makes the driver console installable and usable on a flaky network, and shows the
 * pushes the platform sends a driver's browser (Web Push) while the console is in the background.
 *
 * It imports only modules no app page imports: a service worker is one self-contained script, and
 * a module shared with the app would become a chunk it cannot load.
 * The DOM and WebWorker type libraries cannot share one program, hence the few local types.
 */

import { notificationTarget } from './notification-target';

interface ExtendableEvent extends Event { waitUntil(p: Promise<unknown>): void }
interface FetchEvent extends ExtendableEvent { request: Request; respondWith(r: Promise<Response> | Response): void }
interface PushEvent extends ExtendableEvent { data: { json(): unknown; text(): string } | null }
interface NotificationEvent extends ExtendableEvent { notification: Notification & { data?: unknown; close(): void } }
interface WindowClient { url: string; focused: boolean; visibilityState: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null>; postMessage(message: unknown): void }
interface WorkerScope {
  registration: { scope: string; showNotification(title: string, options?: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<WindowClient | null>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', l: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', l: (e: FetchEvent) => void): void;
  addEventListener(type: 'push', l: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', l: (e: NotificationEvent) => void): void;
}

const sw = self as unknown as WorkerScope;

/** The shell kept for navigations while offline; hashed assets are cached as they are fetched. */
const SHELL_CACHE = 'shell-v1';
const ASSET_CACHE = 'assets-v1';

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((c) => c.add('/')).catch(() => undefined).then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only the site's own files: the API, config.json and other origins always go to the network.
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname === '/config.json') return;
  if (request.mode === 'navigate') {
    // The network first, so a deploy shows at once; the kept shell when the network is down.
    event.respondWith(fetch(request).then((res) => {
      if (res.ok) void caches.open(SHELL_CACHE).then((c) => c.put('/', res.clone()));
      return res;
    }).catch(async () => (await caches.match('/')) ?? Response.error()));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change content: the cache answers once it has one.
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request).then((res) => {
      if (res.ok) void caches.open(ASSET_CACHE).then((c) => c.put(request, res.clone()));
      return res;
    })));
  }
});

/** What the platform puts in a web push (lambdas' web-push sender): title, body and small data. */
interface PushMessage { title?: string; body?: string; data?: Record<string, string> }

function readPush(event: PushEvent): PushMessage {
  if (!event.data) return {};
  try { return event.data.json() as PushMessage; } catch { return { body: event.data.text() }; }
}

sw.addEventListener('push', (event) => {
  const message = readPush(event);
  const data = message.data ?? {};
  event.waitUntil((async () => {
    // Open consoles hear it too (they refresh offers and chat at once).
    for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: 'push', message });
    await sw.registration.showNotification(message.title ?? '', {
      body: message.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notification per booking and kind: a newer one replaces the older instead of piling up.
      tag: [data.kind, data.bookingId].filter(Boolean).join(':') || undefined,
      data,
    });
  })());
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(notificationTarget((event.notification.data ?? {}) as Record<string, unknown>), sw.registration.scope).href;
  event.waitUntil((async () => {
    const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    // The page and its query: /trip?id=A is not the trip the notification is about when it names B.
    const page = (url: string) => { const u = new URL(url); return u.pathname + u.search; };
    const open = windows.find((w) => page(w.url) === page(target)) ?? windows[0];
    if (open) {
      const focused = await open.focus();
      if (page(focused.url) !== page(target)) await focused.navigate(target);
      return;
    }
    await sw.clients.openWindow(target);
  })());
});

export {};
