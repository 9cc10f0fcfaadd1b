import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { acceptedTrip, bookNowFor, newRider } from './support/trips';
import { north, onlineDriver, ownPlace, putOnline } from './support/drivers';
import { fleetDriver, newFleetAdmin } from './support/fleets';
import { nextMessage, open, subscribe } from './support/ws';

/**
 * Issue 22 item 2: SOS during a trip. The rider or the driver raises it; admins hear of it live,
 * acknowledge and close it with an audit trail; the raiser's emergency contact gets one SMS with a
 * link that follows the trip; the trip is flagged.
 */
interface SmsItem { channel: string; to: string; message: string }
const smsTo = async (to: string) => ((await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json()) as { items: SmsItem[] }).items.filter((i) => i.channel === 'sms' && i.to === to);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('SOS during a trip', () => {
  let admin: string;
  let adminWs: WebSocket;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    adminWs = await open(admin);
    expect(await subscribe(adminWs, 'sos')).toBe('subscribed');
  });
  afterAll(() => adminWs?.close());

  it('keeps an emergency contact only when an SMS can reach it, read in the user\'s own country', async () => {
    const rider = await newRider();
    const bad = await api('PUT', '/me/emergency-contact', { token: rider.token, body: { name: 'Sam', phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('emergency_contact_phone_invalid');
    expect((await api('GET', '/me', { token: rider.token })).body.emergencyContact).toBeUndefined();
    const good = await api('PUT', '/me/emergency-contact', { token: rider.token, body: { name: '  Sam Lee ', phone: '415 555 0134' } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((await api('GET', '/me', { token: rider.token })).body.emergencyContact).toEqual({ name: 'Sam Lee', phone: '415 555 0134' });
    expect((await api('DELETE', '/me/emergency-contact', { token: rider.token })).status).toBe(200);
    expect((await api('GET', '/me', { token: rider.token })).body.emergencyContact).toBeUndefined();
  });

  it('alerts admins live, flags the trip, texts the contact once with a live link, and answers every press while open with the same alert', async () => {
    const rider = await newRider();
    const contactPhone = `415 ${String(Date.now()).slice(-7)}`;
    const contactE164 = `+1${contactPhone.replace(/\D/g, '')}`;
    expect((await api('PUT', '/me/emergency-contact', { token: rider.token, body: { name: 'Sam Lee', phone: contactPhone } })).status).toBe(200);
    const { driver, booking } = await acceptedTrip(rider);

    const heard = nextMessage(adminWs, (m) => m.type === 'event' && m.topic === 'sos', 20_000);
    const first = await api('POST', `/bookings/${booking.id}/sos`, { token: rider.token, body: { position: { lat: 37.78, lng: -122.41 }, note: 'Driver is not following the route' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const alert = first.body;
    expect(alert).toMatchObject({
      bookingId: booking.id, status: 'open', tripStatus: 'ACCEPTED', position: { lat: 37.78, lng: -122.41 },
      raisedBy: { uid: rider.id, role: 'rider' }, riderName: expect.stringMatching(/^Test Rider /), audit: [{ action: 'raised', note: 'Driver is not following the route' }],
    });
    expect(await heard).toMatchObject({ topic: 'sos', id: alert.id });
    // Ten more presses at once, the rider's and the driver's, while it is open: the same alert.
    const presses = await Promise.all(Array.from({ length: 10 }, (_, i) => api('POST', `/bookings/${booking.id}/sos`, { token: i % 2 ? driver.token : rider.token, body: {} })));
    for (const p of presses) expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(new Set(presses.map((p) => p.body.id as string))).toEqual(new Set([alert.id]));

    expect((await api('GET', `/bookings/${booking.id}`, { token: admin })).body.sosAlert).toBe(alert.id);
    const active = await api('GET', '/sos-alerts', { token: admin });
    expect(active.status).toBe(200);
    expect((active.body.items as { id: string }[]).filter((a) => a.id === alert.id)).toHaveLength(1);

    {
      const texted = await until(() => smsTo(contactE164), (s) => s.length > 0);
      expect(texted).toHaveLength(1);
      expect(texted[0]!.message).toContain('pressed SOS');
      const link = /\/t\/([A-Za-z0-9_-]{43})\b/.exec(texted[0]!.message);
      expect(link, texted[0]!.message).not.toBeNull();
      const shared = await api('GET', `/shared-trips/${link![1]}`);
      expect(shared.status).toBe(200);
      expect(shared.body.status).toBe('ACCEPTED');
      await until(async () => (await api('GET', '/sos-alerts', { token: admin })).body.items.find((a: { id: string }) => a.id === alert.id)?.contactTextedAt, (v) => v !== undefined);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await smsTo(contactE164)).toHaveLength(1);
    }
  }, 90_000);

  it('moves open → acknowledged → closed with who, when and what was done; two admins at once cannot both take it', async () => {
    const rider = await newRider();
    const { booking } = await acceptedTrip(rider);
    const raised = await api('POST', `/bookings/${booking.id}/sos`, { token: rider.token, body: {} });
    expect(raised.status).toBe(201);
    const id = raised.body.id as string;

    const both = await Promise.all([0, 1].map(() => api('POST', `/sos-alerts/${id}/acknowledge`, { token: admin, body: { note: 'Calling the rider' } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.code).toBe('sos_alert_moved_on');
    const noNote = await api('POST', `/sos-alerts/${id}/close`, { token: admin, body: { note: '   ' } });
    expect(noNote.status).toBe(400);
    const closed = await api('POST', `/sos-alerts/${id}/close`, { token: admin, body: { note: 'Spoke to the rider: a wrong turn, all well' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(closed.body.audit.map((a: { action: string }) => a.action)).toEqual(['raised', 'acknowledged', 'closed']);
    // The admin's name as it is now: the shared cloud's other files (the authorization matrix's sample profile edit) may have renamed them.
    const me = (await api('GET', '/me', { token: admin })).body as { firstName: string; lastName: string };
    expect(closed.body.audit[2]).toMatchObject({ byName: `${me.firstName} ${me.lastName}`.trim(), note: 'Spoke to the rider: a wrong turn, all well', at: expect.any(Number) });
    expect((await api('POST', `/sos-alerts/${id}/close`, { token: admin, body: { note: 'again' } })).status).toBe(409);

    expect((await api('GET', '/sos-alerts', { token: admin })).body.items.some((a: { id: string }) => a.id === id)).toBe(false);
    expect((await api('GET', '/sos-alerts?state=all', { token: admin })).body.items.some((a: { id: string }) => a.id === id)).toBe(true);
    // Closed: a new press is a new alert.
    const again = await api('POST', `/bookings/${booking.id}/sos`, { token: rider.token, body: {} });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(id);
  }, 90_000);

  it('reaches the fleet admin of the trip\'s driver, live, to acknowledge and close; another fleet neither sees nor moves it', async () => {
    const [fleetA, fleetB] = await Promise.all([newFleetAdmin(admin), newFleetAdmin(admin)]);
    const driver = await fleetDriver(fleetA);
    const rider = await newRider();
    const here = ownPlace();
    await putOnline(driver, north(here, 1));
    const booking = await bookNowFor(rider.id, here, 3);
    expect((await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} })).status).toBe(200);
    const [wsA, wsB] = await Promise.all([open(fleetA.token), open(fleetB.token)]);
    try {
      expect(await subscribe(wsA, `sos/fleet/${fleetA.id}`)).toBe('subscribed');
      expect(await subscribe(wsB, `sos/fleet/${fleetA.id}`)).toBe('forbidden');
      expect(await subscribe(wsB, 'sos')).toBe('forbidden');
      expect(await subscribe(wsB, `sos/fleet/${fleetB.id}`)).toBe('subscribed');
      const heardA = nextMessage(wsA, (m) => m.type === 'event' && m.topic === `sos/fleet/${fleetA.id}`, 20_000);
      const heardB = nextMessage(wsB, (m) => m.type === 'event' && String(m.topic).startsWith('sos'), 4_000).catch(() => undefined);
      const raised = await api('POST', `/bookings/${booking.id}/sos`, { token: driver.token, body: {} });
      expect(raised.status, JSON.stringify(raised.body)).toBe(201);
      const id = raised.body.id as string;
      expect(raised.body).not.toHaveProperty('fleetadmin');
      expect(await heardA).toMatchObject({ id });
      expect(await heardB).toBeUndefined();

      const listA = await api('GET', '/sos-alerts', { token: fleetA.token });
      expect(listA.status).toBe(200);
      expect((listA.body.items as { id: string }[]).map((a) => a.id)).toEqual([id]);
      const listB = await api('GET', '/sos-alerts?state=all', { token: fleetB.token });
      expect(listB.body.items).toEqual([]);
      for (const action of ['acknowledge', 'close'] as const) {
        const refused = await api('POST', `/sos-alerts/${id}/${action}`, { token: fleetB.token, body: { note: 'Not my driver' } });
        expect(refused.status).toBe(404);
        expect(refused.body.error.code).toBe('sos_alert_not_found');
      }
      expect((await api('GET', '/sos-alerts', { token: admin })).body.items.find((a: { id: string }) => a.id === id)?.status).toBe('open');

      const acked = await api('POST', `/sos-alerts/${id}/acknowledge`, { token: fleetA.token, body: { note: 'Calling my driver' } });
      expect(acked.status, JSON.stringify(acked.body)).toBe(200);
      const closed = await api('POST', `/sos-alerts/${id}/close`, { token: fleetA.token, body: { note: 'Flat tyre, help sent' } });
      expect(closed.body.audit.map((a: { action: string; by: string }) => [a.action, a.by])).toEqual([['raised', driver.id], ['acknowledged', fleetA.id], ['closed', fleetA.id]]);
      expect((await api('GET', '/sos-alerts', { token: fleetA.token })).body.items).toEqual([]);
      expect((await api('GET', '/sos-alerts?state=all', { token: fleetA.token })).body.items.map((a: { id: string }) => a.id)).toEqual([id]);
    } finally {
      wsA.close();
      wsB.close();
    }
  }, 90_000);

  it('is for a trip in progress only, and says so; nothing is written', async () => {
    const rider = await newRider();
    const here = ownPlace();
    await onlineDriver(north(here, 1));
    const waiting = await bookNowFor(rider.id, here, 3);
    const res = await api('POST', `/bookings/${waiting.id}/sos`, { token: rider.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('sos_trip_not_active');
    expect((await api('GET', `/bookings/${waiting.id}`, { token: admin })).body.sosAlert).toBeUndefined();
    expect((await api('POST', '/sos-alerts/0000000000000-ffffffffffff/acknowledge', { token: admin, body: {} })).status).toBe(404);
  });
});
