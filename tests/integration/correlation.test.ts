import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { nextMessage, open, subscribe } from './support/ws';

const HEADER = 'x-correlation-id';
const SANE = /^[A-Za-z0-9._-]{1,64}$/;
const fresh = (label: string) => `it-${label}-${randomBytes(6).toString('hex')}`;
const withId = (id: string) => ({ [HEADER]: id });

describe('correlation ids', () => {
  let riderToken: string;
  let riderId: string;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    riderToken = await idToken(DEMO.rider);
    riderId = (await api('GET', '/me', { token: riderToken })).body.id;
  });
  afterEach(() => { for (const s of sockets.splice(0)) s.close(); });

  it('answers with the id the caller sent', async () => {
    const id = fresh('echo');
    const res = await api('GET', '/me', { token: riderToken, headers: withId(id) });
    expect(res.status).toBe(200);
    expect(res.headers.get(HEADER)).toBe(id);
  });

  it('makes one up per request when none is sent', async () => {
    const [a, b] = await Promise.all([api('GET', '/me', { token: riderToken }), api('GET', '/me', { token: riderToken })]);
    expect(a.headers.get(HEADER)).toMatch(SANE);
    expect(b.headers.get(HEADER)).toMatch(SANE);
    expect(a.headers.get(HEADER)).not.toBe(b.headers.get(HEADER));
  });

  it.each([
    ['spaces and markup', 'a b <script>'],
    ['more than 64 characters', 'x'.repeat(65)],
    ['an encoded line break', 'abc%0Ainjected'],
  ])('replaces an id with %s', async (_name, bad) => {
    const res = await api('GET', '/me', { token: riderToken, headers: withId(bad) });
    expect(res.status).toBe(200);
    expect(res.headers.get(HEADER)).toMatch(SANE);
    expect(res.headers.get(HEADER)).not.toBe(bad);
  });

  it.each([
    ['400 (bad body)', () => ({ method: 'PATCH', path: '/me', rawBody: '{', auth: true }), 400],
    ['401 (no token)', () => ({ method: 'GET', path: '/me', auth: false }), 401],
    ['403 (role not allowed)', () => ({ method: 'GET', path: '/users', auth: true }), 403],
    ['404 (unknown route)', () => ({ method: 'GET', path: '/no-such-route', auth: true }), 404],
  ])('carries it on a %s', async (_name, make, status) => {
    const req = make();
    const id = fresh(String(status));
    const res = await api(req.method, req.path, {
      token: req.auth ? riderToken : undefined, rawBody: (req as { rawBody?: string }).rawBody, headers: withId(id),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get(HEADER)).toBe(id);
  });

  it('carries it on a 404 the handler answers', async () => {
    const id = fresh('404');
    const res = await api('GET', '/bookings/doesnotexist1', { token: riderToken, headers: withId(id) });
    expect(res.status).toBe(404);
    expect(res.headers.get(HEADER)).toBe(id);
  });

  it('exposes the header to the site\'s scripts (CORS answers only the site\'s own origins)', async () => {
    const site = new URL(endpoints().siteUrl || endpoints().apiUrl).origin;
    const res = await api('GET', '/me', { token: riderToken, headers: { origin: site } });
    expect(res.headers.get('access-control-expose-headers') ?? '').toMatch(/x-correlation-id/i);
  });

  it('tells WebSocket subscribers which request made the change they are told about', async () => {
    const ws = await open(riderToken); sockets.push(ws);
    expect(await subscribe(ws, `user/${riderId}`)).toBe('subscribed');
    const id = fresh('ws');
    const event = nextMessage(ws, (m) => m.type === 'event' && m.topic === `user/${riderId}` && m.correlationId === id);
    // Another change by a request of its own id first: its event must not carry ours.
    const other = fresh('other');
    const otherEvent = nextMessage(ws, (m) => m.type === 'event' && m.topic === `user/${riderId}` && m.correlationId === other);
    const first = await api('PATCH', '/me', { token: riderToken, headers: withId(other), body: { firstName: 'Rita', lastName: `Other${Date.now() % 1000}` } });
    expect(first.status).toBe(200);
    await otherEvent;
    const res = await api('PATCH', '/me', { token: riderToken, headers: withId(id), body: { firstName: 'Rita', lastName: `Rider${Date.now() % 1000}` } });
    expect(res.status).toBe(200);
    expect(await event).toMatchObject({ change: 'MODIFY', id: riderId, correlationId: id });
  });
});
