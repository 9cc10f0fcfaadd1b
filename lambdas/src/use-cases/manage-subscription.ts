import { ClientMessage, type ServerMessage } from '../../../shared/src/contract/ws';
import type { Role } from '../../../shared/src/contract/route';
import { bookingTopic } from '../../../shared/src/domain/booking-access';
import type { BookingRecord } from '../ports/bookings';

export interface SubscriptionDeps {
  /** For `booking/<id>`, `tracking/<id>`, `chat/<id>`: the booking, to check that the caller may read it. */
  bookings: { get(id: string): Promise<BookingRecord | undefined> };
  connections: {
    get(id: string): Promise<{ uid: string; role: string } | undefined>;
    /** Keeps who subscribed with the subscription: every delivery checks the right again (fan-out). */
    subscribe(id: string, topic: string, who: { uid: string; role: string }, nowMs: number): Promise<void>;
    unsubscribe(id: string, topic: string): Promise<void>;
  };
  now: () => Date;
}

/**
 * Who may follow a topic: the same people who may read it by REST. The catalog and settings are
 * for everyone signed in; a user's topics for that user (and admins, except their messages); a
 * booking list for its audience (spec §6); one booking, its tracking and its chat by the rule of
 * their REST reads (`bookingTopic`), which the fan-out applies again at every delivery.
 */
export async function mayFollow(
  topic: string, who: { uid: string; role: Role | string }, deps: Pick<SubscriptionDeps, 'bookings'>,
): Promise<boolean> {
  if (topic === 'catalog' || topic === 'settings') return true;
  if (topic === 'bookings/all') return who.role === 'admin';
  if (topic === 'withdraws') return who.role === 'admin';
  if (topic === 'sos') return who.role === 'admin';
  // SOS alerts of a fleet's drivers' trips: its fleet admin (and admins, who see every alert anyway).
  const fleetSos = /^sos\/fleet\/(.+)$/.exec(topic);
  if (fleetSos) return (fleetSos[1] === who.uid && who.role === 'fleetadmin') || who.role === 'admin';
  // The dashboard map (spec §6): every driver for admins, a fleet's own drivers for its fleet admin.
  if (topic === 'drivers/all') return who.role === 'admin';
  const fleetDrivers = /^drivers\/fleet\/(.+)$/.exec(topic);
  if (fleetDrivers) return (fleetDrivers[1] === who.uid && who.role === 'fleetadmin') || who.role === 'admin';
  // The users tables (spec §6): every user of a type for admins, a fleet's own drivers for its fleet admin.
  if (/^users\/(rider|driver|fleetadmin)$/.test(topic)) return who.role === 'admin';
  const fleetUsers = /^users\/fleet\/(.+)$/.exec(topic);
  if (fleetUsers) return (fleetUsers[1] === who.uid && who.role === 'fleetadmin') || who.role === 'admin';
  const withdraws = /^withdraws\/(.+)$/.exec(topic);
  if (withdraws) return (withdraws[1] === who.uid && who.role === 'driver') || who.role === 'admin';
  const ofBooking = bookingTopic(topic);
  if (ofBooking) return ofBooking.may(await deps.bookings.get(ofBooking.bookingId), who);
  const m = /^(user|offers|messages|bookings\/customer|bookings\/driver|bookings\/fleet)\/(.+)$/.exec(topic);
  if (!m) return false;
  const [, kind, id] = m;
  const own = id === who.uid;
  switch (kind) {
    case 'user': return own || who.role === 'admin';
    case 'messages': return own;
    case 'offers': return (own && who.role === 'driver') || who.role === 'admin';
    case 'bookings/customer': return (own && who.role === 'rider') || who.role === 'admin';
    case 'bookings/driver': return (own && who.role === 'driver') || who.role === 'admin';
    case 'bookings/fleet': return (own && who.role === 'fleetadmin') || who.role === 'admin';
    default: return false;
  }
}

/** Handles one `$default` message and returns the reply to send back on the same connection. */
export async function manageSubscription(deps: SubscriptionDeps, connectionId: string, raw: string | null | undefined): Promise<ServerMessage> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    return { type: 'error', code: 'invalid_json', message: 'The message is not JSON' };
  }
  const msg = ClientMessage.safeParse(parsed);
  if (!msg.success) return { type: 'error', code: 'validation_error', message: 'Unknown message or topic' };
  if (msg.data.action === 'ping') return { type: 'pong', at: deps.now().getTime() };

  const who = await deps.connections.get(connectionId);
  if (!who) return { type: 'error', code: 'not_logged_in', message: 'Unknown connection' };
  const { topic } = msg.data;
  if (msg.data.action === 'unsubscribe') {
    await deps.connections.unsubscribe(connectionId, topic);
    return { type: 'unsubscribed', topic };
  }
  if (!(await mayFollow(topic, who, deps))) return { type: 'error', code: 'forbidden', message: 'Not allowed to follow this topic' };
  await deps.connections.subscribe(connectionId, topic, { uid: who.uid, role: who.role }, deps.now().getTime());
  return { type: 'subscribed', topic };
}
