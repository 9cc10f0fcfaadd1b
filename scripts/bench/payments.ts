import { signTestGatewayNotice, TEST_GATEWAY_SIGNATURE_HEADER } from '../../lambdas/src/adapters/payments/test-gateway';
import type { LocalCloud } from '../../infra/local/cloud';
import { ddbHeaders, summarize, type Answer } from './report';

interface Tokens { admin: string; rider: string; driver: string; riderId: string; driverId: string }
/** Far from the other benchmarks' drivers. */
const AT = { lat: 48.8566, lng: 2.3522 };
const DROP = { lat: 48.8766, lng: 2.3522, add: 'Two km north' };

function caller(cloud: LocalCloud) {
  return async (path: string, init: { method?: string; token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const started = performance.now();
    const res = await fetch(`${cloud.apiUrl}${path}`, {
      method: init.method ?? 'GET', redirect: 'manual',
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), 'content-type': 'application/json', ...init.headers },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* keep text */ }
    return { status: res.status, body, ms: performance.now() - started, ...ddbHeaders(res.headers) };
  };
}

/** A confirmation as the test gateway signs it (the local cloud's key is in this process's environment). */
function signed(checkout: { orderId: string; fields: Record<string, string> }, id: string) {
  const body = JSON.stringify({ transaction_id: id, order_id: checkout.orderId, amount: checkout.fields.amount, currency: checkout.fields.currency, status: 'approved' });
  return { raw: body, headers: { [TEST_GATEWAY_SIGNATURE_HEADER]: signTestGatewayNotice(body, process.env.TEST_GATEWAY_SECRET ?? '', Math.floor(Date.now() / 1000)) } };
}

/**
 * Round trips and latency of the money operations over `rounds` rounds: checkouts, the provider's
 * confirmation (first and duplicate), promos, admin credits, withdrawals. x-ddb-round-trips counts sequential
 * waves of DynamoDB calls, x-ddb-calls all of them.
 */
export async function paymentsBench(cloud: LocalCloud, t: Tokens, rounds: number) {
  const call = caller(cloud);
  const rows = new Map<string, Answer[]>();
  const keep = (name: string, a: Answer) => {
    if (a.status >= 400) throw new Error(`${name}: ${a.status} ${JSON.stringify(a.body)}`);
    rows.set(name, [...(rows.get(name) ?? []), a]);
    return a;
  };
  await call('/drivers/me/location', { method: 'POST', token: t.driver, body: AT });
  await call('/drivers/me/availability', { method: 'PUT', token: t.driver, body: { online: true } });
  // The driver's cash trips of the other benchmarks leave a debt: credit enough to withdraw from.
  await call(`/wallets/${t.driverId}/credits`, { method: 'POST', token: t.admin, body: { amount: '500.00' }, headers: { 'idempotency-key': `bench-driver-${Date.now()}` } });
  for (let i = 0; i < rounds; i++) {
    const topUp = keep('checkout (top-up)', await call('/payments/checkout', { method: 'POST', token: t.rider, body: { kind: 'topup', amount: '10.00', provider: 'paypal' } }));
    const notice = signed(topUp.body, `gtx_bench${i}topup000000000000`);
    keep('confirmPayment (top-up credited)', await call('/payments/webhooks/paypal', { method: 'POST', ...notice }));
    keep('confirmPayment (duplicate)', await call('/payments/webhooks/paypal', { method: 'POST', ...notice }));
    const asked = keep('requestWithdraw (driver)', await call('/withdraws', {
      method: 'POST', token: t.driver, body: { amount: '1.00', bankName: 'Bench Bank', bankCode: 'BB1', bankAccount: '12345678' }, headers: { 'idempotency-key': `bench-withdraw-${Date.now()}-${i}` },
    }));
    keep('completeWithdraw (admin)', await call(`/withdraws/${asked.body.id}/complete`, { method: 'POST', token: t.admin }));
    keep('addToWallet (admin credit)', await call(`/wallets/${t.riderId}/credits`, { method: 'POST', token: t.admin, body: { amount: '1.00' }, headers: { 'idempotency-key': `bench-${Date.now()}-${i}` } }));

    // A delivery-mode rider's booking waits for its payment; paying it starts dispatch.
    await call('/drivers/me/location', { method: 'POST', token: t.driver, body: AT });
    const booked = await call('/bookings', {
      method: 'POST', token: t.rider,
      body: { pickup: { ...AT, add: 'Bench pickup' }, drop: DROP, carTypeId: 'economy', bookLater: false, instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' } },
    });
    if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
    const promo = await call('/promos', {
      method: 'POST', token: t.admin,
      body: { promo_name: `BENCH${Date.now().toString(36).toUpperCase()}${i}`, promo_description: '', promo_discount_type: 'percentage', promo_discount_value: 10, max_promo_discount_value: 5, min_order: 0, promo_validity: '2099-12-31', promo_usage_limit: 100 },
    });
    keep('applyPromo', await call(`/bookings/${booked.body.id}/promo`, { method: 'POST', token: t.rider, body: { code: promo.body.promo_name } }));
    const checkout = keep('checkout (booking)', await call('/payments/checkout', { method: 'POST', token: t.rider, body: { kind: 'booking', bookingId: booked.body.id, provider: 'paypal' } }));
    keep('confirmPayment (PAYMENT_PENDING → NEW)', await call('/payments/webhooks/paypal', { method: 'POST', ...signed(checkout.body, `gtx_bench${i}booking0000000000`) }));
    keep('fetchPayment', await call(`/payments/${checkout.body.orderId}`, { token: t.rider }));
    await call(`/bookings/${booked.body.id}/cancel`, { method: 'POST', token: t.admin, body: { reason: 'bench' } });
  }
  return [...rows].map(([operation, answers]) => ({ operation, operationId: operation.split(' ')[0]!, n: answers.length, ...summarize(answers) }));
}
