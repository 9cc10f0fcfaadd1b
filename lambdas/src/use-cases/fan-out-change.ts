import type { ServerMessage } from '../../../shared/src/contract/ws';
import { renderNotification, term, type NotificationValues, type TermKey } from '../../../shared/src/i18n/notifications';
import { bookingTopic, partiesDiffer, type BookingParties } from '../../../shared/src/domain/booking-access';
import type { Notifier, OutgoingMessage } from '../ports/notifier';
import { recipientLinkDue, type RecipientText } from './send-recipient-trip-link';
import { sosRaised } from './text-emergency-contact';

export interface ChangeRecord {
  eventId: string;
  change: 'INSERT' | 'MODIFY' | 'REMOVE';
  pk: string;
  sk: string;
  /** The item after the change (before it, for a REMOVE): who the change concerns is written in it. */
  image?: Record<string, unknown>;
  /** The item before a MODIFY: a booking whose parties changed rechecks its followers. */
  before?: Record<string, unknown>;
}

/** One subscription of a topic and who holds it (absent when nobody can be named: a connection gone). */
export interface Subscriber { connectionId: string; uid?: string; role?: string }

export interface FanOutDeps {
  subscribers(topic: string): Promise<Subscriber[]>;
  post(connectionId: string, message: ServerMessage): Promise<boolean>;
  forget(connectionId: string): Promise<void>;
  /** Drops one subscription (the item and its place in the connection's list). */
  unsubscribe(connectionId: string, topic: string): Promise<void>;
  /** The booking as it is now (a consistent read), for records whose item does not name its parties. */
  booking(id: string): Promise<BookingParties | undefined>;
  /** True the first time an event id is seen: stream records arrive at least once. */
  firstDelivery(eventId: string): Promise<boolean>;
  notifier: Notifier;
  /** Delivery mode: the recipient's trip link by SMS when a driver takes the parcel (once per booking). */
  recipientTripLink?(bookingId: string, to: RecipientText): Promise<void>;
  /** SOS: the raiser's emergency contact is texted when the alert is raised (once per alert). */
  emergencyText?(alertId: string): Promise<void>;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

const TRACK_FIELDS = ['id', 'at', 'status', 'lat', 'lng'] as const;
const CHAT_FIELDS = ['id', 'at', 'message', 'from', 'type', 'msgDate', 'msgTime', 'source'] as const;
const MESSAGE_FIELDS = ['id', 'at', 'kind', 'title', 'body', 'values', 'bookingId'] as const;
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
  if (pk === 'SOS' && sk.startsWith('ALERT#')) {
    const id = sk.slice('ALERT#'.length);
    const fleet = str(image.fleetadmin);
    return [{ topic: 'sos', id }, ...(fleet ? [{ topic: `sos/fleet/${fleet}`, id }] : [])];
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
  return {
    id: i.id, at: i.at, to: i.to, kind: String(i.kind), title: String(i.title), body: String(i.body),
    ...(i.values && typeof i.values === 'object' ? { values: i.values as NotificationValues } : {}),
    ...(str(i.bookingId) ? { bookingId: str(i.bookingId)! } : {}),
  };
}

/** How long a chat line's push body may be: a notification shows a few lines, the chat shows all. */
const CHAT_PUSH_CHARS = 200;
const SENDER_NAME: Record<string, TermKey> = { rider: 'party_rider', driver: 'party_driver', admin: 'party_operator' };

/**
 * A new trip chat line, as messages to the booking's other parties: the rider's line to the
 * driver, the driver's to the rider, an operator's to both. Parties come from the booking as it is
 * now (a chat item names none). The push's claim is the chat line's, so each of a recipient's
 * devices hears it once however often the stream hands it over.
 */
async function chatMessages(deps: Pick<FanOutDeps, 'booking'>, record: ChangeRecord): Promise<(OutgoingMessage & { id: string; at: number; delivery: string })[]> {
  const booking = /^BOOKING#(.+)$/.exec(record.pk);
  if (record.change !== 'INSERT' || !booking || !record.sk.startsWith('CHAT#') || !record.image) return [];
  const i = record.image;
  if (typeof i.id !== 'string' || typeof i.at !== 'number' || typeof i.message !== 'string') return [];
  const parties = await deps.booking(booking[1]!);
  if (!parties) return [];
  const source = str(i.source);
  const to = source === 'rider' ? [parties.driver] : source === 'driver' ? [parties.customer] : [parties.customer, parties.driver];
  const line = i.message.length > CHAT_PUSH_CHARS ? `${i.message.slice(0, CHAT_PUSH_CHARS - 1)}…` : i.message;
  const text = renderNotification('chat_message', { from: term(SENDER_NAME[source ?? ''] ?? 'party_trip'), message: line });
  return [...new Set(to.filter((u): u is string => !!u))].map((uid) => ({
    id: i.id as string, at: i.at as number, to: uid, kind: 'chat_message', ...text, bookingId: booking[1]!, delivery: `CHAT#${i.id as string}`,
  }));
}

/** The parties a booking image names (the stream hands `requestedDrivers` over as a map of flags). */
export function partiesOf(image: Record<string, unknown> | undefined): BookingParties | undefined {
  if (!image) return undefined;
  const offered = image.requestedDrivers;
  return {
    customer: str(image.customer), driver: str(image.driver), fleetadmin: str(image.fleetadmin),
    requestedDrivers: offered && typeof offered === 'object'
      ? Object.fromEntries(Object.entries(offered as Record<string, unknown>).filter(([, v]) => v === true).map(([k]) => [k, true]))
      : {},
  };
}

/**
 * The booking-scoped topics of a booking item whose parties changed, besides its own `booking/<id>`:
 * their followers are rechecked (and dropped when the change took their right away) although the
 * record is no event of theirs, so an ex-party hears at once that the topic is gone.
 */
function rechecksFor(record: ChangeRecord): string[] {
  const booking = /^BOOKING#(.+)$/.exec(record.pk);
  if (!booking || record.sk !== 'BOOKING' || record.change !== 'MODIFY') return [];
  if (!partiesDiffer(partiesOf(record.before), partiesOf(record.image))) return [];
  return [`tracking/${booking[1]}`, `chat/${booking[1]}`];
}

/**
 * One stream record: a new message (an inbox item, a trip chat line) is handed to the Notifier, and each subscriber of its topics
 * gets an `event` (the payload says only that something changed: clients re-read by REST), both
 * once per record however often the stream delivers it. The Notifier comes first and keeps its
 * own exactly-once claims (per message and device): if it throws, no dedup marker is written and
 * the retried record pushes only what was not pushed.
 *
 * Rights are checked at every delivery, not only at subscribe: a topic whose right is a
 * booking's (`booking/`, `tracking/`, `chat/<id>`) goes only to subscribers the REST read of the
 * same resource would answer (`bookingTopic`), judged on the booking item the record carries, or
 * else on the booking as it is now (one read per record, only when someone follows). A
 * subscriber who lost the right is dropped and told `unsubscribed` with reason `forbidden`.
 * Drops come before the dedup marker: they are idempotent (a dropped subscriber is not listed again).
 */
export async function fanOutChange(deps: FanOutDeps, record: ChangeRecord): Promise<number> {
  const targets = topicsFor(record.pk, record.sk, record.image);
  const rechecks = rechecksFor(record);
  const message = newMessage(record);
  const chat = await chatMessages(deps, record);
  if (targets.length === 0 && rechecks.length === 0 && !message) return 0;
  if (message) await deps.notifier.deliver(message);
  for (const line of chat) await deps.notifier.deliver(line);
  const recipient = record.sk === 'BOOKING' && record.change === 'MODIFY' ? await recipientLinkDue(record.before, record.image) : undefined;
  if (recipient && deps.recipientTripLink) await deps.recipientTripLink(/^BOOKING#(.+)$/.exec(record.pk)![1]!, recipient);
  const raised = sosRaised(record);
  if (raised && deps.emergencyText) await deps.emergencyText(raised);
  // Subscribers next: a change nobody follows costs no dedup write.
  const topics = [...targets.map((t) => ({ ...t, recheckOnly: false })), ...rechecks.map((topic) => ({ topic, id: undefined, data: undefined, recheckOnly: true }))];
  const followed = await Promise.all(topics.map(async (t) => ({ ...t, subscribers: await deps.subscribers(t.topic) })));
  const rights = await rightsOf(deps, record, followed);
  const revoked = followed.flatMap((a) => a.subscribers.filter((s) => !rights(a.topic, s)).map((s) => ({ topic: a.topic, connectionId: s.connectionId })));
  await Promise.all(revoked.map(async ({ topic, connectionId }) => {
    await deps.unsubscribe(connectionId, topic);
    if (!(await deps.post(connectionId, { type: 'unsubscribed', topic, reason: 'forbidden' }))) await deps.forget(connectionId);
  }));
  const audiences = followed
    .filter((a) => !a.recheckOnly)
    .map((a) => ({ ...a, connections: a.subscribers.filter((s) => rights(a.topic, s)).map((s) => s.connectionId) }));
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

/**
 * Whether a subscriber of a topic may have this record's event. Booking-scoped topics ask the
 * REST read's rule about the booking. A record of the booking item carries the parties as they
 * were when it was written: whom that image admits may have the event (they held the right at
 * that change, and the change that took it away, a later record of the same item, comes after).
 * Whom it refuses is asked again of the booking as it is now, because the stream may hand over an
 * older record after a newer change admitted them (a fleet admin who follows a trip the moment it
 * is accepted, while the offer's record is still on its way): an old image never drops anyone. Any
 * other record (a tracking point, a chat message names no parties) is judged on the booking as it
 * is now. Either read happens once for the whole record however many follow. Every other topic's
 * right depends only on who subscribed, which cannot change while the connection lives (a user
 * who loses access has every socket closed), so it was settled at subscribe.
 */
async function rightsOf(
  deps: FanOutDeps, record: ChangeRecord, followed: { topic: string; subscribers: Subscriber[] }[],
): Promise<(topic: string, s: Subscriber) => boolean> {
  const scoped = followed.filter((a) => a.subscribers.length > 0 && bookingTopic(a.topic));
  if (scoped.length === 0) return () => true;
  const itemOf = record.pk.startsWith('BOOKING#') && record.sk === 'BOOKING' ? record.pk.slice('BOOKING#'.length) : undefined;
  const imageParties = itemOf ? partiesOf(record.image) : undefined;
  const viewer = (s: Subscriber) => (s.uid && s.role ? { uid: s.uid, role: s.role } : undefined);
  const byImage = (topic: string, s: Subscriber) => {
    const rule = bookingTopic(topic)!;
    const who = viewer(s);
    return rule.bookingId === itemOf && !!who && rule.may(imageParties, who);
  };
  // The booking as it is now: for every other booking, and for this one only when its image refuses someone.
  const ids = new Set(scoped.flatMap((a) => a.subscribers.filter((s) => !byImage(a.topic, s)).map(() => bookingTopic(a.topic)!.bookingId)));
  const now = new Map<string, BookingParties | undefined>();
  await Promise.all([...ids].map(async (id) => { now.set(id, await deps.booking(id)); }));
  return (topic, s) => {
    const rule = bookingTopic(topic);
    if (!rule) return true;
    const who = viewer(s);
    return !!who && (byImage(topic, s) || rule.may(now.get(rule.bookingId), who));
  };
}
