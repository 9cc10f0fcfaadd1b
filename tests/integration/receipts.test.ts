import { beforeAll, describe, expect, it } from 'vitest';
import { onlineDriver, north, ownPlace } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { samplePromo } from './support/sample-requests';
import { acceptedTrip, credit, driveToDrop, newRider, type TestRider } from './support/trips';

interface Line { kind: string; amount: number; detail?: string }
interface Emailed { channel: string; to: string; title?: string; message: string; bookingId?: string }

const cents = (n: number) => Math.round(n * 100);
const sumOf = (lines: Line[]) => lines.reduce((s, l) => s + cents(l.amount), 0);

async function outboxEmails(bookingId: string): Promise<Emailed[]> {
  const { items } = await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json() as { items: Emailed[] };
  return items.filter((i) => i.channel === 'email' && i.bookingId === bookingId);
}

/**
 * Receipts: every paid or completed booking has one, for whoever may read the booking (the rule
 * of fetchBooking), built on the server from the stored booking and the settings; the rider of a
 * completed trip gets it by e-mail once.
 */
describe('receipts', () => {
  let admin: string;
  let rider: TestRider;
  let settings: { CompanyName: string; contact_email: string };
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
    settings = (await api('GET', '/settings')).body;
  });

  /** A cash trip driven, settled and rated by the rider: COMPLETE. */
  async function completedCashTrip(r: TestRider) {
    const { driver, booking } = await acceptedTrip(r);
    await driveToDrop(driver, booking);
    const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const done = await api('POST', `/bookings/${booking.id}/complete`, { token: r.token, body: { rating: 5 } });
    expect(done.body.status, JSON.stringify(done.body)).toBe('COMPLETE');
    return { driver, booking: done.body as Record<string, any> };
  }

  it('the rider of a completed cash trip reads its receipt: fare parts, fee, cash, route, driver and vehicle, company', async () => {
    const { booking } = await completedCashTrip(rider);
    const res = await api('GET', `/bookings/${booking.id}/receipt`, { token: rider.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    const kinds = r.lines.map((l: Line) => l.kind);
    // Priced by the §9 parts, not one lump: at least the distance, and the fee where the car type has one.
    expect(kinds).toContain('distance');
    expect(kinds).not.toContain('fare');
    expect(kinds).not.toContain('tip');
    if (booking.convenience_fees > 0) expect(r.lines).toContainEqual({ kind: 'fee', amount: booking.convenience_fees });
    expect(sumOf(r.lines)).toBe(cents(r.total));
    expect(r).toMatchObject({
      bookingId: booking.id, status: 'COMPLETE', subtotal: booking.trip_cost, discount: 0, total: booking.trip_cost,
      payment: { mode: 'cash', cash: booking.trip_cost, wallet: 0, card: 0 },
      pickupAddress: booking.pickupAddress, dropAddress: booking.dropAddress, carType: booking.carType,
      driver: booking.driver_name, rider: booking.customer_name,
      company: { name: settings.CompanyName, email: settings.contact_email },
    });
    if (booking.vehicle_number) expect(r.vehicleNumber).toBe(booking.vehicle_number);
    expect(r.tip).toBeUndefined();
  });

  it('a promo discount and a wallet payment show on the receipt, and the lines add up to what was paid', async () => {
    const r = await newRider();
    const made = await api('POST', '/promos', { token: admin, body: { ...samplePromo(), promo_discount_type: 'flat', promo_discount_value: 1.5, max_promo_discount_value: 0, min_order: 0 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { driver, booking } = await acceptedTrip(r);
    await driveToDrop(driver, booking);
    const later = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'later' } });
    expect(later.body.status, JSON.stringify(later.body)).toBe('PENDING');
    expect((await api('POST', `/bookings/${booking.id}/promo`, { token: r.token, body: { code: made.body.promo_name } })).status).toBe(200);
    if (!(await credit(r.id, 1_000_000))) return; // the wallet can be filled only where the table is reachable
    const paid = await api('POST', `/bookings/${booking.id}/pay`, { token: r.token, body: { method: 'wallet' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const res = await api('GET', `/bookings/${booking.id}/receipt`, { token: r.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const due = (cents(later.body.trip_cost) - 150) / 100;
    expect(res.body.lines.at(-1)).toEqual({ kind: 'discount', amount: -1.5, detail: made.body.promo_name });
    expect(res.body).toMatchObject({ status: 'PAID', discount: 1.5, total: due, promoName: made.body.promo_name, payment: { mode: 'wallet', wallet: due, cash: 0 } });
    expect(sumOf(res.body.lines)).toBe(cents(due));
  });

  it('reaches whoever may read the booking: its driver and admins; another rider or driver hears it does not exist', async () => {
    const { driver, booking } = await completedCashTrip(rider);
    const other = await newRider();
    const otherDriver = await onlineDriver(north(ownPlace(), 1));
    for (const token of [driver.token, admin]) expect((await api('GET', `/bookings/${booking.id}/receipt`, { token })).status).toBe(200);
    for (const token of [other.token, otherDriver.token]) {
      const res = await api('GET', `/bookings/${booking.id}/receipt`, { token });
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
    }
  });

  it('a booking not yet paid has no receipt: 409 receipt_not_ready', async () => {
    const { driver, booking } = await acceptedTrip(rider);
    const res = await api('GET', `/bookings/${booking.id}/receipt`, { token: rider.token });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 409, code: 'receipt_not_ready' });
    await driveToDrop(driver, booking);
    const reached = await api('GET', `/bookings/${booking.id}/receipt`, { token: rider.token });
    expect(reached.status).toBe(409);
  });

  it('e-mails the rider the receipt once when the trip completes, even when the stream delivers the change twice', async () => {
    const { booking } = await completedCashTrip(rider);
    await expect.poll(async () => (await outboxEmails(booking.id)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await outboxEmails(booking.id);
    expect(mail!.to).toBe(rider.email);
    expect(mail!.title).toContain(booking.id);
    const receipt = (await api('GET', `/bookings/${booking.id}/receipt`, { token: rider.token })).body;
    expect(mail!.message).toContain(`Total paid`);
    expect(mail!.message).toContain(receipt.total.toFixed(2));
    expect(mail!.message).toContain(booking.pickupAddress);

    // The same PAID → COMPLETE record handed to the consumer again, twice at once: no second e-mail.
    const { tableName, dynamoEndpoint } = endpoints();
    if (!tableName || !dynamoEndpoint) return; // a bare API: the consumer cannot be invoked from here
    Object.assign(process.env, {
      TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, EMAIL_DELIVERY: 'outbox', PUSH_DELIVERY: 'outbox', AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT',
    });
    const { handler } = await import('../../lambdas/src/streams/fan-out');
    const image = (status: string) => ({ pk: { S: `BOOKING#${booking.id}` }, sk: { S: 'BOOKING' }, id: { S: booking.id }, status: { S: status }, customer: { S: rider.id } });
    const record = {
      eventID: `evt-receipt-${booking.id}`, eventName: 'MODIFY' as const,
      dynamodb: { SequenceNumber: '1', Keys: { pk: { S: `BOOKING#${booking.id}` }, sk: { S: 'BOOKING' } }, NewImage: image('COMPLETE'), OldImage: image('PAID') },
    };
    const event = { Records: [record] } as never;
    const results = await Promise.all([handler(event), handler(event)]);
    await handler(event);
    expect(results.flatMap((r) => r.batchItemFailures)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await outboxEmails(booking.id)).toHaveLength(1);
  });
});
