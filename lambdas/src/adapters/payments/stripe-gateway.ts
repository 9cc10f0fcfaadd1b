import type Stripe from 'stripe';
import { DomainError } from '../../../../shared/src/domain/errors';
import type { PaymentConfirmation } from '../../../../shared/src/domain/payments';
import type { PaymentGateway, SecretSource } from '../../ports/payments';
import { onFirstUse } from '../sdk';

/** The Stripe secret (Secrets Manager in AWS): the API key and the webhook endpoint's signing secret. */
interface StripeKeys { apiKey: string; webhookSecret: string }

/**
 * Stripe's SDK is most of a payment function's code: it is loaded when a gateway first talks to
 * Stripe, from the library layer in AWS (infra/constructs/library-layer.ts), not bundled.
 */
const library = onFirstUse(() => import('stripe'));

/** Stripe asks for a Checkout Session to live at least 30 minutes. */
const SESSION_MINUTES = 30;

/**
 * Stripe through its official package: a Checkout Session per checkout (the browser goes to
 * Stripe's hosted page), and webhooks verified with the endpoint's signing secret over the raw
 * body. `options` lets a test point the client at a local stand-in.
 */
export function stripeGateway(secrets: SecretSource, options: { host?: string; port?: number; protocol?: 'http' | 'https' } = {}): PaymentGateway {
  let cached: { keys: StripeKeys; client: Stripe } | undefined;
  const load = async () => {
    if (cached) return cached;
    const raw = await secrets.get('stripe');
    let keys: StripeKeys | undefined;
    try {
      keys = raw ? (JSON.parse(raw) as StripeKeys) : undefined;
    } catch {
      keys = undefined;
    }
    if (!keys?.apiKey || !keys.webhookSecret) throw new DomainError('provider_fetch_error', 503, 'Stripe is not configured');
    const { default: StripeClient } = await library();
    cached = { keys, client: new StripeClient(keys.apiKey, { maxNetworkRetries: 1, timeout: 10_000, ...options }) };
    return cached;
  };

  return {
    async checkout({ session, fields, productName, customerEmail, returnBase }) {
      if (!returnBase) throw new DomainError('bad_request', 400, 'Stripe needs the site address to return to');
      const { client } = await load();
      const back = `${returnBase}/payment-result?order=${encodeURIComponent(session.orderId)}`;
      try {
        const created = await client.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: session.orderId,
          metadata: { order_id: session.orderId, cust_id: fields.cust_id ?? '' },
          line_items: [{ quantity: 1, price_data: { currency: session.currency.toLowerCase(), unit_amount: session.amount, product_data: { name: productName } } }],
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          success_url: back,
          cancel_url: `${back}&cancelled=1`,
          expires_at: Math.floor(session.createdAt / 1000) + SESSION_MINUTES * 60 + 60,
        }, { idempotencyKey: session.orderId });
        if (!created.url) throw new Error('no checkout url');
        return { link: created.url, method: 'GET', fields: {} };
      } catch (e) {
        if (e instanceof DomainError) throw e;
        throw new DomainError('provider_fetch_error', 502, `Stripe refused the checkout: ${(e as Error).message}`);
      }
    },

    async verify(rawBody, headers): Promise<PaymentConfirmation | undefined> {
      const { client, keys } = await load();
      let event: Stripe.Event;
      try {
        event = await client.webhooks.constructEventAsync(rawBody, headers['stripe-signature'] ?? '', keys.webhookSecret);
      } catch (e) {
        throw new DomainError('invalid_signature', 400, `The confirmation is not genuine: ${(e as Error).message}`);
      }
      const approved = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
      const declined = event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired';
      if (!approved && !declined) return undefined;
      const s = event.data.object as Stripe.Checkout.Session;
      // A completed session may still await a delayed method (a bank debit): only "paid" is money.
      const paid = approved && s.payment_status === 'paid';
      if (approved && !paid) return undefined;
      const orderId = s.client_reference_id ?? s.metadata?.order_id;
      if (!orderId || s.amount_total == null || !s.currency) throw new DomainError('payment_mismatch', 400, 'The Stripe session names no order');
      return { orderId, amount: s.amount_total, currency: s.currency.toUpperCase(), approved: paid, providerRef: s.id };
    },
  };
}
