import { describe, expect, it, vi } from 'vitest';
import { isLoopbackSubscription, loopbackSend, loopbackWebPushSender } from '../../../lambdas/src/adapters/push/loopback-web-push-sender';
import type { PushDevice, PushSender } from '../../../lambdas/src/ports/push';

const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const token = (endpoint: string) => JSON.stringify({ endpoint, expirationTime: null, keys });
const device = (platform: PushDevice['platform'], t: string): PushDevice => ({ uid: 'u1', usertype: 'driver', token: t, platform, updatedAt: '2026-01-01T00:00:00.000Z' });
const sender = (): PushSender & { send: ReturnType<typeof vi.fn> } => ({
  register: vi.fn(async () => undefined), unregister: vi.fn(async () => {}), enabled: vi.fn(async () => true), send: vi.fn(async () => 'sent' as const),
});
const payload = { title: 'New booking', body: 'Pickup at Main St' };

describe('loopback web push sender (the local cloud)', () => {
  it('knows a subscription on this machine from one of the internet', () => {
    expect(isLoopbackSubscription(token('https://127.0.0.1:4443/push/a'))).toBe(true);
    expect(isLoopbackSubscription(token('https://localhost:4443/push/a'))).toBe(true);
    expect(isLoopbackSubscription(token('https://[::1]:4443/push/a'))).toBe(true);
    expect(isLoopbackSubscription(token('https://fcm.googleapis.com/fcm/send/a'))).toBe(false);
    expect(isLoopbackSubscription(token('https://127.0.0.1.example.com/push/a'))).toBe(false);
    expect(isLoopbackSubscription('demo-ios-driver1-push-token')).toBe(false);
  });

  it('pushes for real only to WEB devices subscribed on this machine; every other device goes to the outbox', async () => {
    const web = sender();
    const outbox = sender();
    const routed = loopbackWebPushSender(web, outbox);
    const here = device('WEB', token('https://127.0.0.1:4443/push/a'));
    const remote = device('WEB', token('https://fcm.googleapis.com/fcm/send/a'));
    const phone = device('IOS', 'demo-ios-driver1-push-token');
    for (const d of [here, remote, phone]) await routed.send(d, payload);
    expect(web.send.mock.calls.map(([d]) => d)).toEqual([here]);
    expect(outbox.send.mock.calls.map(([d]) => d)).toEqual([remote, phone]);
  });

  it('sends with an agent for the push service\'s own certificate and keeps the other options', async () => {
    const sendNotification = vi.fn(async () => ({ statusCode: 201, body: '', headers: {} }));
    const send = loopbackSend(async () => ({ sendNotification }));
    const sub = { endpoint: 'https://127.0.0.1:4443/push/a', keys };
    await send(sub, '{}', { TTL: 60 });
    const options = (sendNotification.mock.calls[0] as unknown[])[2] as { TTL: number; agent: { options: { rejectUnauthorized: boolean } } };
    expect(options.TTL).toBe(60);
    expect(options.agent.options.rejectUnauthorized).toBe(false);
  });
});
