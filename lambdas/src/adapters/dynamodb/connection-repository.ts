import { keys } from './keys';
import { table } from './repository';

const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export type ConnectionItem = { connectionId: string; uid: string; role: string; topics: string[] };

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

  /** The subscription and the connection's own list of topics change together. */
  async subscribe(connectionId: string, topic: string, nowMs: number): Promise<void> {
    const expiresAt = Math.floor(nowMs / 1000) + CONNECTION_TTL_SECONDS;
    await table.transact([
      { Put: { Item: { ...keys.subscription(topic, connectionId), connectionId, topic, expiresAt } } },
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

  async unsubscribe(connectionId: string, topic: string): Promise<void> {
    const conn = await connectionRepository.get(connectionId);
    const topics = (conn?.topics ?? []).filter((t) => t !== topic);
    await table.transact([
      { Delete: { Key: keys.subscription(topic, connectionId) } },
      { Update: { Key: keys.connection(connectionId), UpdateExpression: 'SET topics = :t', ExpressionAttributeValues: { ':t': topics } } },
    ]);
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
