import { randomBytes } from 'node:crypto';
import type { GatewayPayment } from '../../../shared/src/contract/payments';
import { DomainError, notFound } from '../../../shared/src/domain/errors';
import { gatewayAmount, parseGatewayAmount } from '../../../shared/src/domain/payments';
import { signTestGatewayNotice, TEST_GATEWAY_SIGNATURE_HEADER, type TestGatewayNotice } from '../adapters/payments/test-gateway';
import { logger } from '../observability/logger';
import type { GatewayPaymentRecord, GatewayPaymentStore, SecretSource } from '../ports/payments';

/**
 * The built-in test gateway: a stand-in for a real provider, so the whole payment journey runs
 * where no provider account exists (the local cloud, tests, a dev stage). It behaves like a
 * separate company: it takes the posted form at face value, shows its own page, and tells the
 * platform the outcome only through a signed confirmation to the platform's webhook, which the
 * platform verifies like any other. It is off unless the deployment switches it on.
 */
export interface TestGatewayDeps {
  gatewayPayments: GatewayPaymentStore;
  secrets: () => SecretSource;
  testGatewayOn: () => boolean;
  now: () => Date;
  /** How the gateway reaches the merchant's webhook (the same deployment: the confirmation use case). */
  notifyMerchant: (provider: string, body: string, headers: Record<string, string>) => Promise<unknown>;
}

const off = () => notFound('unknown_route', 'The test gateway is not switched on here');

/** Where the gateway sends the browser back: the merchant's payment result page. */
const returnUrlOf = (orderId: string) => `/payment-result?order=${encodeURIComponent(orderId)}`;

const view = (p: GatewayPaymentRecord): GatewayPayment => ({
  id: p.id, provider: p.provider as GatewayPayment['provider'], status: p.status, order_id: p.order_id, amount: p.amount,
  currency: p.currency, product_name: p.product_name, customer: p.customer, email: p.email, returnUrl: returnUrlOf(p.order_id),
});

/** The spec §4 form arrives; the browser is sent to the gateway's page for this payment. */
export async function takeGatewayPayment(
  deps: TestGatewayDeps,
  provider: string,
  form: { order_id: string; amount: string; currency: string; product_name: string; first_name: string; last_name: string; email: string },
): Promise<{ location: string }> {
  if (!deps.testGatewayOn()) throw off();
  const amount = parseGatewayAmount(form.amount);
  if (amount === undefined || amount <= 0) throw new DomainError('validation_error', 400, 'amount must be a positive amount with at most two decimals');
  const id = `gtx_${randomBytes(12).toString('hex')}`;
  await deps.gatewayPayments.create({
    id, provider, status: 'open', order_id: form.order_id, amount: gatewayAmount(amount), currency: form.currency.toUpperCase(),
    product_name: form.product_name, customer: `${form.first_name} ${form.last_name}`.trim(), email: form.email, createdAt: deps.now().getTime(),
  });
  return { location: `/payment-gateway?payment=${id}` };
}

export async function fetchGatewayPayment(deps: TestGatewayDeps, id: string): Promise<GatewayPayment> {
  if (!deps.testGatewayOn()) throw off();
  const p = await deps.gatewayPayments.get(id);
  if (!p) throw notFound();
  return view(p);
}

/**
 * Pay or Cancel on the gateway's page, decided once. The gateway then signs its confirmation and
 * delivers it to the merchant's webhook; a refusal there (say the form's amount was tampered
 * with) is the merchant's business, logged, and the gateway's page still shows its own outcome.
 */
export async function decideGatewayPayment(deps: TestGatewayDeps, id: string, decision: 'approve' | 'decline'): Promise<GatewayPayment> {
  if (!deps.testGatewayOn()) throw off();
  const now = deps.now().getTime();
  const status = decision === 'approve' ? 'approved' : 'declined';
  const decided = await deps.gatewayPayments.decide(id, status, now);
  const p = await deps.gatewayPayments.get(id);
  if (!p) throw notFound();
  if (!decided) return view(p);
  const notice: TestGatewayNotice = { transaction_id: p.id, order_id: p.order_id, amount: p.amount, currency: p.currency, status };
  const body = JSON.stringify(notice);
  const secret = await deps.secrets().get('testGateway');
  if (!secret) throw new DomainError('provider_fetch_error', 503, 'The test gateway has no signing key');
  const signature = signTestGatewayNotice(body, secret, Math.floor(now / 1000));
  try {
    await deps.notifyMerchant(p.provider, body, { [TEST_GATEWAY_SIGNATURE_HEADER]: signature });
  } catch (e) {
    logger.warn('the merchant refused the test gateway\'s confirmation', { id, orderId: p.order_id, error: (e as Error).message });
  }
  return view(p);
}
