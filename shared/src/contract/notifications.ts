import * as z from 'zod';
import { cleanText, Id, IsoDate } from './common';
import { ROLES, route } from './route';

/**
 * Push notifications (spec §3 Push notification, §5 Broadcast notification, §7 send_notification /
 * RequestPushMsg). Devices are registered by the mobile apps; the admin page keeps notifications
 * in the catalog and broadcasts them to the devices of a user type and device type.
 */

/** The platforms the mobile apps run on (spec §3 User `userPlatform`). */
export const DevicePlatform = z.enum(['ANDROID', 'IOS']);
export type DevicePlatform = z.infer<typeof DevicePlatform>;

/** Spec §3 Push notification `devicetype`: a platform, or every platform. */
export const NotificationDeviceType = z.enum(['All', 'ANDROID', 'IOS']);
/** Spec §3 Push notification `usertype`: riders, drivers, or both. */
export const NotificationUserType = z.enum(['All', 'rider', 'driver']);

/** A push token as the platform hands it to the app (FCM registration token, APNs device token). */
export const PushToken = z.string().trim().min(8).max(4096).regex(/^[\x21-\x7e]+$/, 'pushToken is printable ASCII without spaces');

export const Device = z.object({
  pushToken: z.string(),
  userPlatform: DevicePlatform,
  updatedAt: IsoDate,
});
export type Device = z.infer<typeof Device>;

const PushTitle = cleanText(120, { required: true });
const PushBody = cleanText(1000, { required: true, multiline: true });

/** What an admin may set on a notification (spec §3); the send state is the server's. */
export const NotificationFields = z.object({
  devicetype: NotificationDeviceType,
  usertype: NotificationUserType,
  title: PushTitle,
  body: PushBody,
}).strict();
export type NotificationFields = z.infer<typeof NotificationFields>;

/** `draft` until first sent; `sending` while batches run; `sent` when every matching device was tried. */
export const NotificationStatus = z.enum(['draft', 'sending', 'sent']);

/**
 * A notification with its last broadcast's progress: `total` matching devices when the send
 * started, `sent` and `failed` so far (devices the platform refused are failed and forgotten),
 * `lastSentAt` the last batch's time. Changes reach the `catalog` WebSocket topic.
 */
export const Notification = NotificationFields.extend({
  id: Id,
  createdAt: IsoDate,
  version: z.number().int(),
  status: NotificationStatus,
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  startedAt: IsoDate.optional(),
  lastSentAt: IsoDate.optional(),
}).strip();
export type Notification = z.infer<typeof Notification>;

const NotificationIdParams = z.object({ id: Id });

/** Sending to a device costs a platform call: admins' sends are limited at the gateway. */
const PUSH_SEND_THROTTLE = { ratePerSecond: 5, burst: 10 };

export const registerDevice = route({
  method: 'PUT', path: '/me/device', operationId: 'registerDevice', area: 'notifications', auth: ROLES,
  summary: 'Register the app\'s push token for the signed-in user (a token another user held moves here)',
  body: z.object({ pushToken: PushToken, userPlatform: DevicePlatform }).strict(),
  response: Device,
});

export const unregisterDevice = route({
  method: 'DELETE', path: '/me/device', operationId: 'unregisterDevice', area: 'notifications', auth: ROLES,
  summary: 'Stop pushes to one of the signed-in user\'s devices (default: the profile\'s pushToken); answers whether one was removed',
  query: z.object({ pushToken: PushToken.optional() }).strict(),
  response: z.object({ removed: z.boolean() }),
});

export const sendNotification = route({
  method: 'POST', path: '/push-messages', operationId: 'sendNotification', area: 'notifications', auth: ['admin'],
  summary: 'Push a title and body to one registered device token (spec send_notification / RequestPushMsg)',
  body: z.object({ token: PushToken, title: PushTitle, body: PushBody }).strict(),
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
  body: z.object({ version: z.number().int().nonnegative(), notification: NotificationFields }).strict(),
  response: Notification,
});

export const deleteNotification = route({
  method: 'DELETE', path: '/notifications/{id}', operationId: 'deleteNotification', area: 'notifications', auth: ['admin'],
  summary: 'Delete a notification (spec editNotifications Delete); a send in progress stops',
  params: NotificationIdParams,
  query: z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict(),
  response: z.object({ deleted: z.literal(true) }),
});

export const broadcastNotification = route({
  method: 'POST', path: '/notifications/{id}/send', operationId: 'broadcastNotification', area: 'notifications', auth: ['admin'],
  summary: 'Send a notification to every device of its user type and device type, in batches (spec §5 Broadcast notification); none is 409 no_user_match, a send already running 409 notification_sending',
  params: NotificationIdParams,
  body: z.object({}).strict(),
  throttle: PUSH_SEND_THROTTLE,
  status: 202,
  response: Notification,
});
