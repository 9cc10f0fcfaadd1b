import type { ServerMessage } from '../../../shared/src/contract/ws';
import type { Notifier, OutgoingMessage } from '../ports/notifier';

export interface ChangeRecord {
  eventId: string;
  change: 'INSERT' | 'MODIFY' | 'REMOVE';
  pk: string;
  sk: string;
  /** The item after the change (before it, for a REMOVE): who the change concerns is written in it. */
  image?: Record<string, unknown>;
}

export interface FanOutDeps {
  subscribers(topic: string): Promise<string[]>;
  post(connectionId: string, message: ServerMessage): Promise<boolean>;
  forget(connectionId: string): Promise<void>;
  /** True the first time an event id is seen: stream records arrive at least once. */
  firstDelivery(eventId: string): Promise<boolean>;
  notifier: Notifier;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

const TRACK_FIELDS = ['id', 'at', 'status', 'lat', 'lng'] as const;
const CHAT_FIELDS = ['id', 'at', 'message', 'from', 'type', 'msgDate', 'msgTime', 'source'] as const;
const MESSAGE_FIELDS = ['id', 'at', 'kind', 'title', 'body', 'bookingId'] as const;
const pick = (image: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.filter((f) => image[f] !== undefined).map((f) => [f, image[f]]));

/**
 * Which topics an item's change concerns. Connections, subscriptions, location pings, geo index
 * entries and timer jobs concern nobody: they change many times a second and say nothing a
 * screen shows.
 */
export function topicsFor(pk: string, sk: string, image: Record<string, unknown> = {}): { topic: string; id?: string; data?: Record<string, unknown> }[] {
  if (pk === 'CATALOG') return [{ topic: 'catalog', id: sk }];
  if (pk === 'SETTINGS') return [{ topic: 'settings', id: sk }];
  const booking = /^BOOKING#(.+)$/.exec(pk);
  if (booking && sk.startsWith('TRACK#')) return [{ topic: `tracking/${booking[1]}`, id: str(image.id), data: pick(image, TRACK_FIELDS) }];
  if (booking && sk.startsWith('CHAT#')) return [{ topic: `chat/${booking[1]}`, id: str(image.id), data: pick(image, CHAT_FIELDS) }];
  if (booking && sk === 'BOOKING') {
    const id = booking[1]!;
    const customer = str(image.customer);
    const driver = str(image.driver);
    const fleet = str(image.fleetadmin);
    return [
      { topic: `booking/${id}`, id },
      { topic: 'bookings/all', id },
      ...(customer ? [{ topic: `bookings/customer/${customer}`, id }] : []),
      ...(driver ? [{ topic: `bookings/driver/${driver}`, id }] : []),
      ...(fleet ? [{ topic: `bookings/fleet/${fleet}`, id }] : []),
    ];
  }
  const withdraw = /^WITHDRAW#(.+)$/.exec(pk);
  if (withdraw && sk === 'WITHDRAW') {
    const uid = str(image.uid);
    return [{ topic: 'withdraws', id: withdraw[1]! }, ...(uid ? [{ topic: `withdraws/${uid}`, id: withdraw[1]! }] : [])];
  }
  const user = /^USER#(.+)$/.exec(pk);
  if (user) {
    const uid = user[1]!;
    if (sk === 'PROFILE') return [{ topic: `user/${uid}`, id: uid }, ...usersTableTopics(uid, image)];
    if (sk.startsWith('OFFER#')) return [{ topic: `offers/${uid}`, id: sk.slice('OFFER#'.length) }];
    // The open browser shows the message as it is (a flash), so its text travels with the event.
    if (sk.startsWith('MSG#')) return [{ topic: `messages/${uid}`, id: str(image.id), data: pick(image, MESSAGE_FIELDS) }];
  }
  return [];
}

/** The users tables a profile is a row of: its type's (admins; never admins themselves) and its fleet's drivers. */
function usersTableTopics(uid: string, image: Record<string, unknown>): { topic: string; id: string }[] {
  const type = str(image.usertype);
  const fleet = str(image.fleetadmin);
  return [
    ...(type === 'rider' || type === 'driver' || type === 'fleetadmin' ? [{ topic: `users/${type}`, id: uid }] : []),
    ...(type === 'driver' && fleet ? [{ topic: `users/fleet/${fleet}`, id: uid }] : []),
  ];
}

/** A new inbox item, as the Notifier delivers it. */
function newMessage(record: ChangeRecord): (OutgoingMessage & { id: string; at: number }) | undefined {
  if (record.change !== 'INSERT' || !record.sk.startsWith('MSG#') || !record.image) return undefined;
  const i = record.image;
  if (typeof i.to !== 'string' || typeof i.id !== 'string' || typeof i.at !== 'number') return undefined;
  return { id: i.id, at: i.at, to: i.to, kind: String(i.kind), title: String(i.title), body: String(i.body), ...(str(i.bookingId) ? { bookingId: str(i.bookingId)! } : {}) };
}

/**
 * One stream record: a new message is handed to the Notifier, and each subscriber of its topics
 * gets an `event` (the payload says only that something changed: clients re-read by REST), both
 * once per record however often the stream delivers it. The Notifier comes first and keeps its
 * own exactly-once claims (per message and device): if it throws, no dedup marker is written and
 * the retried record pushes only what was not pushed.
 */
export async function fanOutChange(deps: FanOutDeps, record: ChangeRecord): Promise<number> {
  const targets = topicsFor(record.pk, record.sk, record.image);
  const message = newMessage(record);
  if (targets.length === 0 && !message) return 0;
  if (message) await deps.notifier.deliver(message);
  // Subscribers next: a change nobody follows costs no dedup write.
  const audiences = await Promise.all(targets.map(async (t) => ({ ...t, connections: await deps.subscribers(t.topic) })));
  if (audiences.every((a) => a.connections.length === 0)) return 0;
  if (!(await deps.firstDelivery(record.eventId))) return 0;
  let sent = 0;
  for (const { topic, id, data, connections } of audiences) {
    await Promise.all(connections.map(async (c) => {
      const alive = await deps.post(c, { type: 'event', topic, change: record.change, id, ...(data && record.change !== 'REMOVE' ? { data } : {}) });
      if (alive) sent += 1;
      else await deps.forget(c);
    }));
  }
  return sent;
}
