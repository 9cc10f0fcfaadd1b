import type { ServerMessage } from '../../../shared/src/contract/ws';

export interface ChangeRecord {
  eventId: string;
  change: 'INSERT' | 'MODIFY' | 'REMOVE';
  pk: string;
  sk: string;
}

export interface FanOutDeps {
  subscribers(topic: string): Promise<string[]>;
  post(connectionId: string, message: ServerMessage): Promise<boolean>;
  forget(connectionId: string): Promise<void>;
  /** True the first time an event id is seen: stream records arrive at least once. */
  firstDelivery(eventId: string): Promise<boolean>;
}

/** Which topics an item's change concerns. Connection and subscription items concern nobody. */
export function topicsFor(pk: string, sk: string): { topic: string; id?: string }[] {
  if (pk === 'CATALOG') return [{ topic: 'catalog', id: sk }];
  if (pk === 'SETTINGS') return [{ topic: 'settings', id: sk }];
  const user = /^USER#(.+)$/.exec(pk);
  if (user && sk === 'PROFILE') return [{ topic: `user/${user[1]}`, id: user[1] }];
  return [];
}

export async function fanOutChange(deps: FanOutDeps, record: ChangeRecord): Promise<number> {
  const targets = topicsFor(record.pk, record.sk);
  if (targets.length === 0) return 0;
  // Subscribers first: a change nobody follows costs no dedup write.
  const audiences = await Promise.all(targets.map(async (t) => ({ ...t, connections: await deps.subscribers(t.topic) })));
  if (audiences.every((a) => a.connections.length === 0)) return 0;
  if (!(await deps.firstDelivery(record.eventId))) return 0;
  let sent = 0;
  for (const { topic, id, connections } of audiences) {
    await Promise.all(connections.map(async (c) => {
      const alive = await deps.post(c, { type: 'event', topic, change: record.change, id });
      if (alive) sent += 1;
      else await deps.forget(c);
    }));
  }
  return sent;
}
