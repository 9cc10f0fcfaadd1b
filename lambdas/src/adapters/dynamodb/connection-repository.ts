import { keys } from './keys';
import { table, type Item } from './repository';

const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export type ConnectionItem = { connectionId: string; uid: string; role: string; topics: string[] };
export type SubscriberIdentity = { uid: string; role: string };
/** One subscription of a topic; no `uid` when neither it nor its connection names one (a connection gone). */
export type Subscription = { connectionId: string } & Partial<SubscriberIdentity>;

export const connectionRepository = {
  /** The connection and its entry under its user, together. */
  async put(c: Omit<ConnectionItem, 'topics'>, nowMs: number): Promise<void> {
    const expiresAt = Math.floor(nowMs / 1000) + CONNECTION_TTL_SECONDS;
    await table.transact([
      { Put: { Item: { ...keys.connection(c.connectionId), ...c, topics: [], expiresAt } } },
      { Put: { Item: { ...keys.userConnection(c.uid, c.connectionId), connectionId: c.connectionId, expiresAt } } },
    ]);
  },

  /** The connections a user holds open now. */
  ofUser: (uid: string): Promise<string[]> => connectionIdsIn(keys.userConnectionsPk(uid)),

  async get(connectionId: string): Promise<ConnectionItem | undefined> {
    return table.get<ConnectionItem & { pk: string; sk: string }>(keys.connection(connectionId));
  },

  /**
   * The subscription and the connection's own list of topics change together. The subscription
   * keeps who subscribed (uid, role), so every delivery can check the right again without
   * reading the connection.
   */
  async subscribe(connectionId: string, topic: string, who: SubscriberIdentity, nowMs: number): Promise<void> {
    const expiresAt = Math.floor(nowMs / 1000) + CONNECTION_TTL_SECONDS;
    await table.transact([
      { Put: { Item: { ...keys.subscription(topic, connectionId), connectionId, topic, uid: who.uid, role: who.role, expiresAt } } },
      {
        Update: {
          Key: keys.connection(connectionId),
          UpdateExpression: 'SET topics = list_append(if_not_exists(topics, :empty), :t)',
          ConditionExpression: 'attribute_exists(pk) AND NOT contains(topics, :topic)',
          ExpressionAttributeValues: { ':t': [topic], ':empty': [], ':topic': topic },
        },
      },
    ]).catch((e: unknown) => {
      // Already subscribed: a repeat subscribe is a no-op, not an error.
      if ((e as { status?: number }).status !== 409) throw e;
    });
  },

  /**
   * Drops one subscription: the item and its place in the connection's list, which is removed by
   * index under the condition that it still holds the topic (a subscribe in between moves the
   * list: read again and retry). A connection already gone leaves only the subscription to delete.
   */
  async unsubscribe(connectionId: string, topic: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const conn = await table.get<ConnectionItem & { pk: string; sk: string }>(keys.connection(connectionId), { consistent: true });
      const at = conn?.topics?.indexOf(topic) ?? -1;
      if (at < 0) {
        await table.delete(keys.subscription(topic, connectionId));
        return;
      }
      try {
        await table.transact([
          { Delete: { Key: keys.subscription(topic, connectionId) } },
          {
            Update: {
              Key: keys.connection(connectionId),
              UpdateExpression: `REMOVE topics[${at}]`,
              ConditionExpression: `topics[${at}] = :topic`,
              ExpressionAttributeValues: { ':topic': topic },
            },
          },
        ]);
        return;
      } catch (e) {
        if ((e as { status?: number }).status !== 409 || attempt >= 4) throw e;
      }
    }
  },

  /** Removes the connection, its entry under its user and every subscription it held. */
  async remove(connectionId: string): Promise<void> {
    const conn = await connectionRepository.get(connectionId);
    const deletes = [
      keys.connection(connectionId),
      ...(conn ? [keys.userConnection(conn.uid, connectionId)] : []),
      ...(conn?.topics ?? []).map((t) => keys.subscription(t, connectionId)),
    ];
    for (let i = 0; i < deletes.length; i += 100) {
      await table.transact(deletes.slice(i, i + 100).map((Key) => ({ Delete: { Key } })));
    }
  },

  subscribers: (topic: string): Promise<string[]> => connectionIdsIn(keys.topicPk(topic)),

  /**
   * A topic's subscriptions with who holds each. A subscription written before subscriptions kept
   * their subscriber (they live two hours at most) takes it from its connection, in one batch read.
   */
  async subscriptions(topic: string): Promise<Subscription[]> {
    const items = await table.queryAll<{ connectionId: string; uid?: string; role?: string }>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.topicPk(topic) },
      ProjectionExpression: 'connectionId, uid, #role',
      ExpressionAttributeNames: { '#role': 'role' },
    });
    const unknown = items.filter((i) => !i.uid || !i.role);
    const conns = new Map<string, Item | undefined>();
    for (let i = 0; i < unknown.length; i += 100) {
      const slice = unknown.slice(i, i + 100);
      const found = await table.batchGet(slice.map((u) => keys.connection(u.connectionId)));
      slice.forEach((u, j) => conns.set(u.connectionId, found[j]));
    }
    return items.map((i) => {
      if (i.uid && i.role) return { connectionId: i.connectionId, uid: i.uid, role: i.role };
      const c = conns.get(i.connectionId);
      return typeof c?.uid === 'string' && typeof c.role === 'string' ? { connectionId: i.connectionId, uid: c.uid, role: c.role } : { connectionId: i.connectionId };
    });
  },
};

/** The connection ids listed in one partition (a topic's subscribers, a user's connections). */
async function connectionIdsIn(pk: string): Promise<string[]> {
  const items = await table.queryAll<{ connectionId: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'connectionId',
  });
  return items.map((i) => i.connectionId);
}
