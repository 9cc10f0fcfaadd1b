import { signTestGatewayNotice, TEST_GATEWAY_SIGNATURE_HEADER, type TestGatewayNotice } from '../../../lambdas/src/adapters/payments/test-gateway';
import { api, endpoints, type ApiResult } from './endpoints';

/** The test gateway's key, which these tests hold to play the gateway themselves. */
export function gatewaySecret(): string {
  const secret = endpoints().gatewaySecret;
  if (!secret) throw new Error('TEST_GATEWAY_SECRET is needed to play the test gateway against this deployment');
  return secret;
}

/** A confirmation as the test gateway would send it, signed with `secret` at `atMs`. */
export function signedNotice(notice: TestGatewayNotice, opts: { secret?: string; atMs?: number } = {}): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(notice);
  const at = Math.floor((opts.atMs ?? Date.now()) / 1000);
  return { body, headers: { [TEST_GATEWAY_SIGNATURE_HEADER]: signTestGatewayNotice(body, opts.secret ?? gatewaySecret(), at), 'content-type': 'application/json' } };
}

/** POSTs a confirmation to the platform's webhook for `provider`. */
export function deliver(provider: string, signed: { body: string; headers: Record<string, string> }): Promise<ApiResult> {
  return api('POST', `/payments/webhooks/${provider}`, { rawBody: signed.body, headers: signed.headers });
}

/** A genuine approval of a checkout's exact amount. */
export function approvalOf(checkout: { orderId: string; fields: Record<string, string> }, overrides: Partial<TestGatewayNotice> = {}): TestGatewayNotice {
  return {
    transaction_id: `gtx_test${Math.random().toString(36).slice(2, 14).padEnd(16, '0')}`,
    order_id: checkout.orderId, amount: checkout.fields.amount!, currency: checkout.fields.currency!, status: 'approved', ...overrides,
  };
}

/** The checkout form as a browser posts it. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
