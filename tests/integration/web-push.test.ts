import { describe, expect, it } from 'vitest';
import { outboxPushes, webSubscription } from './support/push-outbox';
import { api } from './support/endpoints';
import { newDriver, ownPlace, putOnline } from './support/drivers';
import { bookNowFor, newRider } from './support/trips';

/**
 * Web Push to a driver's browser: the console registers its PushSubscription as a `WEB` device,
 * and an offer reaches it once, like the mobile apps' pushes. The local cloud keeps what would be
 * pushed in its outbox (/local/outbox, channel `push`), the subscription as the device address.
 */

describe('web push to a driver\'s browser', () => {
  it('hands a signed-in user the VAPID public key browsers subscribe with', async () => {
    const driver = await newDriver();
    const res = await api('GET', '/me/device/web-push-key', { token: driver.token });
    expect(res.status).toBe(200);
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(res.body.publicKey as string, 'base64url')).toHaveLength(65);
  });

  it('registers a browser subscription as a WEB device and pushes an offer to it exactly once', async () => {
    const driver = await newDriver();
    const token = webSubscription(`${driver.id}-${Date.now()}`);
    const reg = await api('PUT', '/me/device', { token: driver.token, body: { pushToken: token, userPlatform: 'WEB' } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body).toMatchObject({ pushToken: token, userPlatform: 'WEB' });
    expect((await api('GET', '/me', { token: driver.token })).body).toMatchObject({ pushToken: token, userPlatform: 'WEB' });

    const here = ownPlace();
    await putOnline(driver, here);
    const rider = await newRider();
    const booking = await bookNowFor(rider.id, here);
    expect(booking.requestedDrivers[driver.id]).toBe(true);

    const mine = async () => (await outboxPushes()).filter((p) => p.to === token);
    await expect.poll(async () => (await mine()).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1500));
    const pushes = await mine();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ platform: 'WEB', uid: driver.id });
    // The offer's inbox message is what was pushed.
    const inbox = await api('GET', '/me/messages', { token: driver.token });
    expect(inbox.body.items.find((m: { bookingId?: string }) => m.bookingId === booking.id)).toMatchObject({ title: pushes[0]!.title, body: pushes[0]!.body });
  });

  it('refuses a WEB token that is no PushSubscription, and writes nothing', async () => {
    const driver = await newDriver();
    for (const pushToken of ['not-a-subscription', JSON.stringify({ endpoint: 'http://push.example.com/x', keys: { p256dh: 'x', auth: 'y' } })]) {
      const res = await api('PUT', '/me/device', { token: driver.token, body: { pushToken, userPlatform: 'WEB' } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect((await api('GET', '/me', { token: driver.token })).body.pushToken).toBeUndefined();
  });
});
