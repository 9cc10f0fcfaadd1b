import { afterAll, describe, expect, it } from 'vitest';
import { north, onlineDriver, ownPlace, point } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleBooking } from './support/sample-requests';
import { readSettings, saveSettings } from './support/settings-helpers';

/**
 * The offer window is a setting of the settings form: what a driver gets to answer an offer. The
 * server uses it for every offer it writes, refuses a value out of its bounds with the form's §8
 * key (update_failed) and writes nothing, and an emptied field goes back to the default (30 s).
 */
describe('the offer window setting', () => {
  // Later files find the default again.
  afterAll(async () => {
    const { version, settings: { offerSeconds: _o, ...rest } } = await readSettings();
    await api('PUT', '/settings', { token: await idToken(DEMO.admin), body: { version, settings: rest } });
  });

  /** A Book Now next to a new online driver; the window of the offer that driver got (ms). */
  const offeredWindow = async () => {
    const here = ownPlace();
    const driver = await onlineDriver(north(here, 1));
    const booked = await api('POST', '/bookings', {
      token: await idToken(DEMO.admin),
      body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 3), 'There') }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const offers = await api<{ items: { bookingId: string; offeredAt: number; expiresAt?: number }[] }>('GET', '/drivers/me/offers', { token: driver.token });
    const offer = offers.body.items.find((o) => o.bookingId === booked.body.id);
    expect(offer?.expiresAt).toBeDefined();
    return offer!.expiresAt! - offer!.offeredAt;
  };

  it('every offer stands for the saved window; an emptied field means the default 30 s', async () => {
    expect((await saveSettings({ offerSeconds: 45 })).status).toBe(200);
    expect((await readSettings()).settings.offerSeconds).toBe(45);
    expect(await offeredWindow()).toBe(45_000);

    const { version, settings } = await readSettings();
    const { offerSeconds: _o, ...emptied } = settings;
    const res = await api('PUT', '/settings', { token: await idToken(DEMO.admin), body: { version, settings: emptied } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.offerSeconds).toBeUndefined();
    expect(await offeredWindow()).toBe(30_000);
  });

  it('a window out of bounds, a fraction or text is 400 update_failed and nothing is written', async () => {
    expect((await saveSettings({ offerSeconds: 40 })).status).toBe(200);
    for (const offerSeconds of [4, 121, 600, 12.5, '30', -5]) {
      const before = await readSettings();
      const res = await saveSettings({ offerSeconds });
      expect(res.status, String(offerSeconds)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'update_failed', message: expect.any(String) });
      expect(res.body.error.details?.[0]?.path).toBe('body.settings.offerSeconds');
      expect(await readSettings()).toEqual(before);
    }
  });
});
