import webpush from 'web-push';
import { describe, expect, it, vi } from 'vitest';
import { webPushSender, WEB_PUSH_TTL_SECONDS, type SendWebPush } from '../../../lambdas/src/adapters/push/web-push-sender';
import type { PushDevice } from '../../../lambdas/src/ports/push';

// A real key pair and a well-formed subscription: only the library's send is replaced.
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@example.com' };
const secrets = (value: string | undefined) => ({ get: vi.fn(async () => value) });
const subscription = {
  endpoint: 'https://push.example.com/send/abc123',
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};
const device = (token = JSON.stringify(subscription)): PushDevice => ({ uid: 'u1', usertype: 'driver', token, platform: 'WEB', updatedAt: '2026-01-01T00:00:00.000Z' });
const payload = { title: 'New booking', body: 'Pickup at Main St', data: { kind: 'new_booking', bookingId: 'b1' } };
const ok = () => vi.fn<SendWebPush>(async () => ({ statusCode: 201, body: '', headers: {} }));
const failing = (statusCode: number) => vi.fn<SendWebPush>(async () => { throw Object.assign(new Error('push service said no'), { statusCode }); });

describe('web push sender', () => {
  it('sends the title, body and data to the subscription, signed with the VAPID keys and a short TTL', async () => {
    const send = ok();
    expect(await webPushSender(secrets(JSON.stringify(vapid)), send).send(device(), payload)).toBe('sent');
    expect(send).toHaveBeenCalledOnce();
    const [sub, body, options] = send.mock.calls[0]!;
    expect(sub).toEqual(subscription);
    expect(JSON.parse(body)).toEqual(payload);
    expect(options.vapidDetails).toEqual(vapid);
    expect(options.TTL).toBe(WEB_PUSH_TTL_SECONDS);
  });

  it('answers gone when the push service says the subscription expired (404, 410)', async () => {
    for (const status of [404, 410]) {
      expect(await webPushSender(secrets(JSON.stringify(vapid)), failing(status)).send(device(), payload)).toBe('gone');
    }
  });

  it('throws on any other failure, so the claim is released and the delivery retried', async () => {
    await expect(webPushSender(secrets(JSON.stringify(vapid)), failing(500)).send(device(), payload)).rejects.toThrow(/push service said no/);
    await expect(webPushSender(secrets(JSON.stringify(vapid)), failing(429)).send(device(), payload)).rejects.toThrow();
  });

  it('is unreachable without VAPID keys (the deployer has not set them) and sends nothing', async () => {
    for (const raw of [undefined, JSON.stringify({ publicKey: '', privateKey: '', subject: '', placeholder: 'x' }), 'not json']) {
      const send = ok();
      expect(await webPushSender(secrets(raw), send).send(device(), payload)).toBe('unreachable');
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('treats a token that is no subscription as gone, without calling the push service', async () => {
    const send = ok();
    expect(await webPushSender(secrets(JSON.stringify(vapid)), send).send(device('not-a-subscription'), payload)).toBe('gone');
    expect(send).not.toHaveBeenCalled();
  });

  it('hands out only the public key', async () => {
    const sender = webPushSender(secrets(JSON.stringify(vapid)), ok());
    expect(await sender.publicKey()).toBe(vapid.publicKey);
    expect(await webPushSender(secrets(undefined), ok()).publicKey()).toBeUndefined();
  });
});
