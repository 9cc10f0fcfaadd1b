import * as z from './zod';
import { cleanText, Id, IsoDate } from './common';
import { ROLES, route } from './route';

/**
 * Push notifications (spec §3 Push notification, §5 Broadcast notification, §7 send_notification /
 * RequestPushMsg). Devices are registered by the mobile apps; the admin page keeps notifications
 * in the catalog and broadcasts them to the devices of a user type and device type.
 */

/**
 * The platforms pushes reach (spec §3 User `userPlatform`): the mobile apps, and `WEB`, a
 * browser's Web Push subscription (the driver console installed on a phone).
 */
export const DevicePlatform = z.enum(['ANDROID', 'IOS', 'WEB']);
export type DevicePlatform = z.infer<typeof DevicePlatform>;

/** Spec §3 Push notification `devicetype`: a platform, or every platform. */
export const NotificationDeviceType = z.enum(['All', 'ANDROID', 'IOS']);
/** Spec §3 Push notification `usertype`: riders, drivers, or both. */
export const NotificationUserType = z.enum(['All', 'rider', 'driver']);

/** A push token as the platform hands it to the app (FCM registration token, APNs device token). */
export const PushToken = z.string().check(z.trim(), z.minLength(8), z.maxLength(4096), z.regex(/^[\x21-\x7e]+$/, 'pushToken is printable ASCII without spaces'));

/**
 * A browser's PushSubscription (`JSON.stringify(subscription)`): an https endpoint of the
 * browser's push service and the two keys the payload is encrypted with (RFC 8291). Anything
 * else cannot be pushed to, so it is refused at registration rather than failing every send.
 */
export const WebPushSubscription = z.strictObject({
  endpoint: z.string().check(z.url(), z.maxLength(2048), z.refine((u) => u.startsWith('https://'), 'endpoint is an https URL')),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'p256dh is a base64url P-256 public key')),
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'auth is a base64url 16-byte secret')),
  }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

/** The subscription a `WEB` token holds, or undefined when it holds none. */
export function parseWebPushToken(token: string): WebPushSubscription | undefined {
  try {
    const parsed = WebPushSubscription.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The language an app shows, as a BCP 47 tag (`es`, `es-MX`); the platform's pushes to it use it. */
export const DeviceLanguage = z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/));

export const Device = z.object({
  pushToken: z.string(),
  userPlatform: DevicePlatform,
  language: z.optional(z.string()),
  updatedAt: IsoDate,
});
export type Device = z.infer<typeof Device>;

const PushTitle = cleanText(120, { required: true });
const PushBody = cleanText(1000, { required: true, multiline: true });

/** What an admin may set on a notification (spec §3); the send state is the server's. */
export const NotificationFields = z.strictObject({
  devicetype: NotificationDeviceType,
  usertype: NotificationUserType,
  title: PushTitle,
  body: PushBody,
});
export type NotificationFields = z.infer<typeof NotificationFields>;

/** `draft` until first sent; `sending` while batches run; `sent` when every matching device was tried. */
export const NotificationStatus = z.enum(['draft', 'sending', 'sent']);

/**
 * A notification with its last broadcast's progress: `total` matching devices when the send
 * started, `sent` and `failed` so far (devices the platform refused are failed and forgotten),
 * `lastSentAt` the last batch's time. Changes reach the `catalog` WebSocket topic.
 */
export const Notification = z.object({
  ...NotificationFields.shape,
  id: Id,
  createdAt: IsoDate,
  version: z.number().check(z.int()),
  status: NotificationStatus,
  total: z.number().check(z.int(), z.nonnegative()),
  sent: z.number().check(z.int(), z.nonnegative()),
  failed: z.number().check(z.int(), z.nonnegative()),
  startedAt: z.optional(IsoDate),
  lastSentAt: z.optional(IsoDate),
});
export type Notification = z.infer<typeof Notification>;

const NotificationIdParams = z.object({ id: Id });

/** Sending to a device costs a platform call: admins' sends are limited at the gateway. */
const PUSH_SEND_THROTTLE = { ratePerSecond: 5, burst: 10 };

export const registerDevice = route({
  method: 'PUT', path: '/me/device', operationId: 'registerDevice', area: 'notifications', auth: ROLES,
  summary: 'Register the app\'s push token for the signed-in user (a token another user held moves here), with the language the app shows: the platform\'s messages are pushed in it (English when absent or not one the platform writes)',
  body: z.strictObject({ pushToken: PushToken, userPlatform: DevicePlatform, language: z.optional(DeviceLanguage) }).check(z.refine((b) => b.userPlatform !== 'WEB' || parseWebPushToken(b.pushToken) !== undefined, {
      path: ['pushToken'], message: 'a WEB pushToken is the JSON of a PushSubscription (https endpoint, p256dh and auth keys)',
    })),
  response: Device,
});

export const fetchWebPushKey = route({
  method: 'GET', path: '/me/device/web-push-key', operationId: 'fetchWebPushKey', area: 'notifications', auth: ROLES,
  summary: 'The VAPID public key a browser subscribes to Web Push with; null when this deployment has no VAPID keys',
  response: z.object({ publicKey: z.nullable(z.string()) }),
});

export const unregisterDevice = route({
  method: 'DELETE', path: '/me/device', operationId: 'unregisterDevice', area: 'notifications', auth: ROLES,
  summary: 'Stop pushes to one of the signed-in user\'s devices (default: the profile\'s pushToken); answers whether one was removed',
  query: z.strictObject({ pushToken: z.optional(PushToken) }),
  response: z.object({ removed: z.boolean() }),
});

export const sendNotification = route({
  method: 'POST', path: '/push-messages', operationId: 'sendNotification', area: 'notifications', auth: ['admin'],
  summary: 'Push a title and body to one registered device token (spec send_notification / RequestPushMsg)',
  body: z.strictObject({ token: PushToken, title: PushTitle, body: PushBody }),
  throttle: PUSH_SEND_THROTTLE,
  response: z.object({ sent: z.literal(true) }),
});

export const fetchNotifications = route({
  method: 'GET', path: '/notifications', operationId: 'fetchNotifications', area: 'notifications', auth: ['admin'],
  summary: 'Every notification with its send progress, newest first',
  response: z.object({ items: z.array(Notification) }),
});

export const addNotification = route({
  method: 'POST', path: '/notifications', operationId: 'addNotification', area: 'notifications', auth: ['admin'],
  summary: 'Add a notification (spec editNotifications Add); it is sent with broadcastNotification',
  body: NotificationFields, status: 201,
  response: Notification,
});

export const updateNotification = route({
  method: 'PUT', path: '/notifications/{id}', operationId: 'updateNotification', area: 'notifications', auth: ['admin'],
  summary: 'Replace a notification\'s fields (spec editNotifications Update) if `version` is still current',
  params: NotificationIdParams,
  body: z.strictObject({ version: z.number().check(z.int(), z.nonnegative()), notification: NotificationFields }),
  response: Notification,
});

export const deleteNotification = route({
  method: 'DELETE', path: '/notifications/{id}', operationId: 'deleteNotification', area: 'notifications', auth: ['admin'],
  summary: 'Delete a notification (spec editNotifications Delete); a send in progress stops',
  params: NotificationIdParams,
  query: z.strictObject({ version: z.optional(z.coerce.number().check(z.int(), z.nonnegative())) }),
  response: z.object({ deleted: z.literal(true) }),
});

export const broadcastNotification = route({
  method: 'POST', path: '/notifications/{id}/send', operationId: 'broadcastNotification', area: 'notifications', auth: ['admin'],
  summary: 'Send a notification to every device of its user type and device type, in batches (spec §5 Broadcast notification); none is 409 no_user_match, a send already running 409 notification_sending',
  params: NotificationIdParams,
  body: z.strictObject({}),
  throttle: PUSH_SEND_THROTTLE,
  status: 202,
  response: Notification,
});
