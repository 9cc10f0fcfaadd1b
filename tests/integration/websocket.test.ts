import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { api, DEMO, idToken } from './support/endpoints';
import { nextMessage, open } from './support/ws';

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
