import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, DEMO, endpoints, idToken } from './support/endpoints';

function open(token?: string): Promise<WebSocket> {
  const url = `${endpoints().wsUrl}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket, match: (m: any) => boolean, timeoutMs = 10_000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { ws.off('message', onMessage); reject(new Error('no message')); }, timeoutMs);
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString());
      if (match(m)) { clearTimeout(timer); ws.off('message', onMessage); resolve(m); }
    };
    ws.on('message', onMessage);
  });
}

describe('WebSocket topics', () => {
  const sockets: WebSocket[] = [];
  let riderToken: string;
  let riderId: string;
  let otherId: string;
  beforeAll(async () => {
    riderToken = await idToken(DEMO.rider);
    riderId = (await api('GET', '/me', { token: riderToken })).body.id;
    otherId = (await api('GET', '/me', { token: await idToken(DEMO.rider2) })).body.id;
  });
  afterEach(() => { for (const s of sockets.splice(0)) s.close(); });

  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('forged.token.value')).rejects.toThrow(/401/);
  });

  it('answers ping with pong', async () => {
    const ws = await open(riderToken); sockets.push(ws);
    const reply = nextMessage(ws, (m) => m.type === 'pong');
    ws.send(JSON.stringify({ action: 'ping' }));
    expect((await reply).at).toEqual(expect.any(Number));
  });

  it('refuses another user\'s topic', async () => {
    const ws = await open(riderToken); sockets.push(ws);
    const reply = nextMessage(ws, (m) => m.type === 'error');
    ws.send(JSON.stringify({ action: 'subscribe', topic: `user/${otherId}` }));
    expect((await reply).code).toBe('forbidden');
  });

  it('rejects malformed messages without closing', async () => {
    const ws = await open(riderToken); sockets.push(ws);
    const reply = nextMessage(ws, (m) => m.type === 'error');
    ws.send('{not json');
    expect((await reply).code).toBe('invalid_json');
  });

  it('delivers a change of the own profile through the table stream', async () => {
    const ws = await open(riderToken); sockets.push(ws);
    const subscribed = nextMessage(ws, (m) => m.type === 'subscribed');
    ws.send(JSON.stringify({ action: 'subscribe', topic: `user/${riderId}` }));
    await subscribed;
    const event = nextMessage(ws, (m) => m.type === 'event' && m.topic === `user/${riderId}`);
    const res = await api('PATCH', '/me', { token: riderToken, body: { firstName: 'Rita', lastName: `Rider${Date.now() % 1000}` } });
    expect(res.status).toBe(200);
    expect(await event).toMatchObject({ change: 'MODIFY', id: riderId });
  });
});
