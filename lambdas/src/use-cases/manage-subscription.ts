import { ClientMessage, type ServerMessage } from '../../../shared/src/contract/ws';
import type { Role } from '../../../shared/src/contract/route';

export interface SubscriptionDeps {
  connections: {
    get(id: string): Promise<{ uid: string; role: string } | undefined>;
    subscribe(id: string, topic: string, nowMs: number): Promise<void>;
    unsubscribe(id: string, topic: string): Promise<void>;
  };
  now: () => Date;
}

/** Who may follow a topic: the catalog and settings are for everyone signed in; a user topic only for its user or an admin. */
export function mayFollow(topic: string, who: { uid: string; role: Role | string }): boolean {
  if (topic === 'catalog' || topic === 'settings') return true;
  const user = /^user\/(.+)$/.exec(topic);
  if (user) return user[1] === who.uid || who.role === 'admin';
  return false;
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
  if (!mayFollow(topic, who)) return { type: 'error', code: 'forbidden', message: 'Not allowed to follow this topic' };
  await deps.connections.subscribe(connectionId, topic, deps.now().getTime());
  return { type: 'subscribed', topic };
}
