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
