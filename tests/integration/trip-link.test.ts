import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHARED_TRIP_FIELDS } from '../../shared/src/domain/trip-link';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { north, ownPlace, onlineDriver, point } from './support/drivers';
import { acceptedTrip, bookNowFor, driveToDrop, newRider, type TestRider } from './support/trips';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

const share = (rider: TestRider, bookingId: string) => api('POST', `/bookings/${bookingId}/trip-link`, { token: rider.token, body: {} });
const revoke = (token: string, bookingId: string) => api('DELETE', `/bookings/${bookingId}/trip-link`, { token });
/** The public read, as a stranger's browser makes it: no Authorization header at all. */
const open = (token: string) => api('GET', `/shared-trips/${token}`);
const guessed = () => randomBytes(32).toString('base64url');

interface SmsItem { channel: string; to: string; message: string }
async function smsTo(phone: string): Promise<SmsItem[]> {
  const { items } = await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json() as { items: SmsItem[] };
  return items.filter((i) => i.channel === 'sms' && i.to === phone);
}
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('follow my trip: the share link', () => {
  it('shows a stranger only the allowed fields of the live trip, none of what the booking holds besides', async () => {
    const rider = await newRider();
    const here = ownPlace();
    const driver = await onlineDriver(north(here, 1));
    // Street addresses: the page names the areas, never the street line.
    const booking = await bookNowFor(rider.id, here, 3, {
      pickup: point(here, '7 Secret Lane, Tamanrasset, DZ'), drop: point(north(here, 3), '9 Hidden Road, In Salah, DZ'),
    });
    expect((await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} })).status).toBe(200);
    const made = await share(rider, booking.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body.path).toBe(`/t/${made.body.token}`);

    const res = await open(made.body.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const key of Object.keys(res.body)) expect(SHARED_TRIP_FIELDS as readonly string[], key).toContain(key);
    expect(res.body).toMatchObject({ status: 'ACCEPTED', driverFirstName: 'Test', carType: 'Economy', pickupArea: 'Tamanrasset, DZ', dropArea: 'In Salah, DZ' });
    expect(res.body.position).toEqual({ lat: expect.any(Number), lng: expect.any(Number), at: expect.any(Number) });

    // What the booking holds, as its rider reads it: none of its private values is anywhere in the public answer.
    const full = (await api('GET', `/bookings/${booking.id}`, { token: rider.token })).body;
    const driverProfile = (await api('GET', '/me', { token: driver.token })).body;
    const json = JSON.stringify(res.body);
    const privateValues = [
      full.customer_contact, full.customer_email, full.customer_name, full.customer, full.driver_contact, full.driver, full.driver_name,
      full.deliveryPerson, full.deliveryPersonPhone, full.booking_id, full.id, driverProfile.mobile, driverProfile.email, driverProfile.lastName,
      full.pickup.add, full.drop.add, made.body.token,
    ].filter((v): v is string => typeof v === 'string' && v.length > 0);
    for (const v of privateValues) expect(json, v).not.toContain(v);
    expect(full.otp).toBeDefined();
    expect(json).not.toMatch(new RegExp(`\\b${full.otp}\\b`));
    expect(json).not.toMatch(/otp|fare|cost|fee|share|pay|phone|contact|email|customer|rider|promo|wallet|cash/i);
  });

  it('lets only the booking\'s rider make or take back its link (another rider, same role: 404, nothing changes)', async () => {
    const owner = await newRider();
    const other = await newRider();
    const { booking } = await acceptedTrip(owner);
    expect((await share(other, booking.id)).status).toBe(404);
    expect((await revoke(other.token, booking.id)).status).toBe(404);
    const made = await share(owner, booking.id);
    expect(made.status).toBe(201);
    const stranger = await revoke(other.token, booking.id);
    expect(stranger.status).toBe(404);
    expect((await open(made.body.token)).status).toBe(200);
    // Drivers, even the trip's own, and admins do not hold the rider's link.
    expect((await api('POST', `/bookings/${booking.id}/trip-link`, { token: await idToken(DEMO.admin), body: {} })).status).toBe(403);
  });

  it('answers a revoked link, an ended trip\'s link and a guessed token with the same 404', async () => {
    const rider = await newRider();
    const { booking, driver } = await acceptedTrip(rider);
    const unknown = await open(guessed());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('trip_link_not_found');

    const first = (await share(rider, booking.id)).body.token as string;
    // A new link replaces the rider's previous one.
    const second = (await share(rider, booking.id)).body.token as string;
    expect(second).not.toBe(first);
    expect((await open(first)).body).toEqual(unknown.body);
    expect((await open(second)).status).toBe(200);

    const revoked = await revoke(rider.token, booking.id);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const afterRevoke = await open(second);
    expect({ status: afterRevoke.status, body: afterRevoke.body }).toEqual({ status: 404, body: unknown.body });
    // Revoking again: nothing to take back.
    expect((await revoke(rider.token, booking.id)).body.error.code).toBe('trip_link_not_found');

    // The trip ends at the drop: its link dies with it, and no new one can be made.
    const live = (await share(rider, booking.id)).body.token as string;
    expect((await open(live)).status).toBe(200);
    await driveToDrop(driver, booking);
    const ended = await open(live);
    expect({ status: ended.status, body: ended.body }).toEqual({ status: 404, body: unknown.body });
    const late = await share(rider, booking.id);
    expect({ status: late.status, code: late.body.error.code }).toEqual({ status: 409, code: 'trip_link_trip_over' });
  });

  it('refuses a token of the wrong shape as bad input, before any lookup', async () => {
    for (const bad of ['short', `${guessed()}x`, `${guessed().slice(0, 42)}!`]) {
      const res = await api('GET', `/shared-trips/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('texts a parcel\'s recipient their link once when a driver takes it, even when the stream delivers the record twice', async () => {
    const { tableName, dynamoEndpoint, siteUrl } = endpoints();
    // The spec's delivery phone is typed as the recipient knows it (digits, spaces, hyphens).
    const phone = `555 ${String(Date.now()).slice(-7)}`;
    // The SMS goes to it in E.164, in the rider's country (the rider's mobile is +1…).
    const e164 = `+1${phone.replace(/\D/g, '')}`;
    const rider = await newRider();
    const here = ownPlace();
    const driver = await onlineDriver(north(here, 1));
    const booking = await bookNowFor(rider.id, here, 3, { instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: phone } });
    expect(await smsTo(e164)).toEqual([]);
    const accepted = await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} });
    expect(accepted.status).toBe(200);
    const sent = await until(() => smsTo(e164), (s) => s.length > 0);
    expect(sent).toHaveLength(1);
    const link = /\/t\/([A-Za-z0-9_-]{43})\b/.exec(sent[0]!.message);
    expect(link, sent[0]!.message).not.toBeNull();
    expect(sent[0]!.message).toContain(`:${new URL(siteUrl).port}/t/`);
    const seen = await open(link![1]!);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain(phone);
    // The rider's own link and revoking it leave the recipient's link alone.
    expect((await share(rider, booking.id)).status).toBe(201);
    expect((await revoke(rider.token, booking.id)).status).toBe(200);
    expect((await open(link![1]!)).status).toBe(200);

    // The same change handed to the consumer again, twice at once and once more: no second SMS.
    if (!tableName || !dynamoEndpoint) return;
    Object.assign(process.env, {
      TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, SMS_DELIVERY: 'outbox', PUSH_DELIVERY: 'outbox', SITE_URL: siteUrl,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local', AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT',
    });
    const { handler } = await import('../../lambdas/src/streams/fan-out');
    const record = {
      eventID: `evt-${unique()}`, eventName: 'MODIFY' as const,
      dynamodb: {
        SequenceNumber: '1',
        Keys: { pk: { S: `BOOKING#${booking.id}` }, sk: { S: 'BOOKING' } },
        OldImage: { status: { S: 'NEW' }, customer: { S: rider.id }, customer_contact: { S: rider.mobile }, deliveryPersonPhone: { S: phone } },
        NewImage: { status: { S: 'ACCEPTED' }, customer: { S: rider.id }, customer_contact: { S: rider.mobile }, driver: { S: driver.id }, deliveryPersonPhone: { S: phone } },
      },
    };
    const event = { Records: [record] } as never;
    await Promise.all([handler(event), handler(event)]);
    await handler(event);
    await new Promise((r) => setTimeout(r, 500));
    expect(await smsTo(e164)).toHaveLength(1);
  });
});
