import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { api, DEMO, idToken } from './support/endpoints';
import { nextMessage, open, subscribe } from './support/ws';

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

  it('the users tables are live: admins follow each type, a fleet admin its own drivers, nobody else', async () => {
    const admin = await idToken(DEMO.admin);
    const fleet = await idToken(DEMO.fleetadmin);
    const fleetId = (await api('GET', '/me', { token: fleet })).body.id;
    const adminWs = await open(admin); sockets.push(adminWs);
    const fleetWs = await open(fleet); sockets.push(fleetWs);
    const riderWs = await open(riderToken); sockets.push(riderWs);
    for (const topic of ['users/rider', 'users/driver', 'users/fleetadmin', `users/fleet/${fleetId}`]) expect(await subscribe(adminWs, topic)).toBe('subscribed');
    expect(await subscribe(fleetWs, `users/fleet/${fleetId}`)).toBe('subscribed');
    for (const topic of ['users/rider', 'users/driver', 'users/fleet/someone-else']) expect(await subscribe(fleetWs, topic), topic).toBe('forbidden');
    for (const topic of ['users/rider', `users/fleet/${fleetId}`]) expect(await subscribe(riderWs, topic), topic).toBe('forbidden');
    // A fleet admin adds a driver: the admins' drivers table and that fleet's hear of the new row.
    const n = `${Date.now()}`;
    const seenByAdmin = nextMessage(adminWs, (m) => m.type === 'event' && m.topic === 'users/driver' && m.change === 'INSERT');
    const seenByFleet = nextMessage(fleetWs, (m) => m.type === 'event' && m.topic === `users/fleet/${fleetId}` && m.change === 'INSERT');
    const added = await api('POST', '/users', {
      token: fleet,
      body: { usertype: 'driver', firstName: 'Live', lastName: n, email: `live-${n}@example.com`, mobile: `+1888${n.slice(-8)}`, password: 'Driver123', carType: 'Economy' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await seenByAdmin).toMatchObject({ id: added.body.id });
    expect(await seenByFleet).toMatchObject({ id: added.body.id });
    // A rider's change reaches the riders table.
    const riderRow = nextMessage(adminWs, (m) => m.type === 'event' && m.topic === 'users/rider' && m.id === riderId);
    await api('PATCH', '/me', { token: riderToken, body: { firstName: 'Rita', lastName: `Rider${Date.now() % 1000}` } });
    expect(await riderRow).toMatchObject({ change: 'MODIFY' });
  });
});
