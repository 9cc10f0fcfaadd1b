import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeGateway } from '../../../lambdas/src/adapters/payments/stripe-gateway';
import type { PaymentSession } from '../../../lambdas/src/ports/payments';

const KEYS = { apiKey: 'sk_test_unit', webhookSecret: 'whsec_unit_secret' };
const secrets = { get: async (name: string) => (name === 'stripe' ? JSON.stringify(KEYS) : undefined) };
const session: PaymentSession = {
  orderId: 'ord_0123456789abcdef01234567', kind: 'booking', uid: 'u1', bookingId: 'BK1', provider: 'stripe', amount: 1234,
  currency: 'USD', status: 'OPEN', createdAt: Date.now(), payableUntil: Date.now() + 3600_000,
};

/** A Stripe event for a Checkout Session, signed the way Stripe signs webhooks. */
function event(type: string, object: Record<string, unknown>, secret = KEYS.webhookSecret) {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object: { id: 'cs_test_1', object: 'checkout.session', ...object } } });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** The Stripe adapter alone: its webhook verification, and its session request against a local stand-in of the API. */
describe('Stripe gateway adapter', () => {
  let server: Server;
  const requests: { path: string; body: string; idempotency?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body, idempotency: req.headers['idempotency-key'] as string | undefined });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/pay/cs_test_1' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const gateway = () => stripeGateway(secrets, { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' });

  it('creates a Checkout Session for the session\'s exact amount and order, and sends the browser there', async () => {
    const out = await gateway().checkout({
      session, provider: { name: 'stripe', link: '', enabled: true }, fields: { cust_id: 'u1' }, productName: 'Booking BK1',
      customerEmail: 'rider@example.com', returnBase: 'https://ride.example.com',
    });
    expect(out).toEqual({ link: 'https://checkout.stripe.test/c/pay/cs_test_1', method: 'GET', fields: {} });
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    const form = new URLSearchParams(sent.body);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment', client_reference_id: session.orderId, 'metadata[order_id]': session.orderId,
      'line_items[0][price_data][unit_amount]': '1234', 'line_items[0][price_data][currency]': 'usd', 'line_items[0][quantity]': '1',
      success_url: `https://ride.example.com/payment-result?order=${session.orderId}`, customer_email: 'rider@example.com',
    });
    // A retried checkout cannot make two sessions for one order.
    expect(sent.idempotency).toBe(session.orderId);
  });

  it('believes a paid session completed event signed with the endpoint secret', async () => {
    const e = event('checkout.session.completed', { client_reference_id: session.orderId, amount_total: 1234, currency: 'usd', payment_status: 'paid' });
    expect(await gateway().verify(e.payload, { 'stripe-signature': e.header }, Date.now())).toEqual({
      orderId: session.orderId, amount: 1234, currency: 'USD', approved: true, providerRef: 'cs_test_1',
    });
  });

  it('refuses events signed with another secret, or changed after signing', async () => {
    const forged = event('checkout.session.completed', { client_reference_id: session.orderId, amount_total: 1234, currency: 'usd', payment_status: 'paid' }, 'whsec_other');
    await expect(gateway().verify(forged.payload, { 'stripe-signature': forged.header }, Date.now())).rejects.toMatchObject({ code: 'invalid_signature' });
    const genuine = event('checkout.session.completed', { client_reference_id: session.orderId, amount_total: 1234, currency: 'usd', payment_status: 'paid' });
    await expect(gateway().verify(genuine.payload.replace('1234', '1'), { 'stripe-signature': genuine.header }, Date.now())).rejects.toMatchObject({ code: 'invalid_signature' });
    await expect(gateway().verify(genuine.payload, {}, Date.now())).rejects.toMatchObject({ code: 'invalid_signature' });
  });

  it('waits for delayed payment methods, declines expired sessions, and ignores other events', async () => {
    const unpaid = event('checkout.session.completed', { client_reference_id: session.orderId, amount_total: 1234, currency: 'usd', payment_status: 'unpaid' });
    expect(await gateway().verify(unpaid.payload, { 'stripe-signature': unpaid.header }, Date.now())).toBeUndefined();
    const expired = event('checkout.session.expired', { client_reference_id: session.orderId, amount_total: 1234, currency: 'usd', payment_status: 'unpaid' });
    expect(await gateway().verify(expired.payload, { 'stripe-signature': expired.header }, Date.now())).toMatchObject({ approved: false });
    const other = event('customer.created', {});
    expect(await gateway().verify(other.payload, { 'stripe-signature': other.header }, Date.now())).toBeUndefined();
  });

  it('is not configured without its keys', async () => {
    const bare = stripeGateway({ get: async () => undefined });
    await expect(bare.verify('{}', {}, Date.now())).rejects.toMatchObject({ code: 'provider_fetch_error' });
  });
});
