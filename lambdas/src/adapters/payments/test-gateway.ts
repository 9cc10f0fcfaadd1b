import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../../shared/src/domain/errors';
import { parseGatewayAmount, type PaymentConfirmation } from '../../../../shared/src/domain/payments';
import type { PaymentGateway, SecretSource } from '../../ports/payments';

/** The header the test gateway signs its confirmations with, in the `t=<seconds>,v1=<hex>` shape real providers use. */
export const TEST_GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';
/** A confirmation older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** What the test gateway tells the merchant about a payment. */
export interface TestGatewayNotice {
  transaction_id: string;
  order_id: string;
  amount: string;
  currency: string;
  status: 'approved' | 'declined';
}

/** HMAC-SHA256 over `<t>.<body>`, so neither the body nor its time can be changed without the key. */
export function signTestGatewayNotice(body: string, secret: string, atSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${atSeconds}.${body}`).digest('hex');
  return `t=${atSeconds},v1=${mac}`;
}

const invalid = (why: string) => new DomainError('invalid_signature', 400, `The confirmation is not genuine: ${why}`);

/**
 * The built-in test gateway as the platform sees it: checkouts post the spec §4 form to the
 * provider's link (the gateway's page), and confirmations are believed only when their signature
 * verifies with the shared key, is fresh, and the body is well-formed.
 */
export function testGateway(secrets: SecretSource): PaymentGateway {
  const key = async () => {
    const secret = await secrets.get('testGateway');
    if (!secret) throw new DomainError('provider_fetch_error', 503, 'The test gateway has no signing key');
    return secret;
  };
  return {
    async checkout({ provider, fields }) {
      await key();
      return { link: provider.link, method: 'POST', fields };
    },

    async verify(rawBody, headers, now): Promise<PaymentConfirmation> {
      const header = headers[TEST_GATEWAY_SIGNATURE_HEADER] ?? '';
      const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
      const t = Number(parts.t);
      if (!parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1) || !Number.isInteger(t)) throw invalid('no signature');
      if (Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) throw invalid('too old or from the future');
      const expected = Buffer.from(signTestGatewayNotice(rawBody, await key(), t).split('v1=')[1]!, 'hex');
      if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw invalid('signature mismatch');
      let notice: Partial<TestGatewayNotice>;
      try {
        notice = JSON.parse(rawBody) as Partial<TestGatewayNotice>;
      } catch {
        throw invalid('body is not JSON');
      }
      const amount = parseGatewayAmount(notice.amount);
      if (typeof notice.order_id !== 'string' || typeof notice.transaction_id !== 'string' || typeof notice.currency !== 'string'
        || amount === undefined || (notice.status !== 'approved' && notice.status !== 'declined')) {
        throw invalid('malformed notice');
      }
      return { orderId: notice.order_id, amount, currency: notice.currency, approved: notice.status === 'approved', providerRef: notice.transaction_id };
    },
  };
}
