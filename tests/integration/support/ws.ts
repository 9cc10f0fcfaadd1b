import WebSocket from 'ws';
import { endpoints } from './endpoints';

/** A WebSocket to the platform, signed in with `token` (none: anonymous, which is refused). */
export function open(token?: string): Promise<WebSocket> {
  const url = `${endpoints().wsUrl}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The next message that matches, or a rejection after `timeoutMs`. */
export function nextMessage(ws: WebSocket, match: (m: any) => boolean, timeoutMs = 10_000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { ws.off('message', onMessage); reject(new Error('no message')); }, timeoutMs);
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString());
      if (match(m)) { clearTimeout(timer); ws.off('message', onMessage); resolve(m); }
    };
    ws.on('message', onMessage);
  });
}

/** Subscribes and waits for the answer: 'subscribed', or the error code. */
export async function subscribe(ws: WebSocket, topic: string): Promise<string> {
  const reply = nextMessage(ws, (m) => (m.type === 'subscribed' && m.topic === topic) || m.type === 'error');
  ws.send(JSON.stringify({ action: 'subscribe', topic }));
  const m = await reply;
  return m.type === 'subscribed' ? 'subscribed' : m.code;
}

/** Every message a socket receives from now on, in order (for asserting what did NOT arrive). */
export function record(ws: WebSocket): any[] {
  const log: any[] = [];
  ws.on('message', (data: WebSocket.RawData) => log.push(JSON.parse(data.toString())));
  return log;
}

/**
 * Whether any open connection of `uid` still holds a subscription to `topic`, read from the table
 * (the user's connection entries, then the topic's items), or undefined where the table is out of
 * reach (a deployed stack): then only what the socket hears can be asserted.
 */
export async function stillSubscribed(uid: string, topic: string): Promise<boolean | undefined> {
  const { tableName, dynamoEndpoint } = endpoints();
  if (!tableName || !dynamoEndpoint) return undefined;
  Object.assign(process.env, {
    TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  const { table } = await import('../../../lambdas/src/adapters/dynamodb/repository');
  const { keys } = await import('../../../lambdas/src/adapters/dynamodb/keys');
  const mine = await table.queryAll<{ connectionId: string }>({
    KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.userConnectionsPk(uid) }, ConsistentRead: true,
  });
  const held = await Promise.all(mine.map((c) => table.get(keys.subscription(topic, c.connectionId), { consistent: true })));
  return held.some(Boolean);
}
