import { deps } from './composition-root';
import { confirmPayment } from './use-cases/confirm-payment';
import type { TestGatewayDeps } from './use-cases/test-gateway-payments';

/**
 * The test gateway's wiring. It lives in the same deployment as the platform, so its webhook
 * delivery calls the confirmation use case directly: the same verification a real provider's
 * request to POST /payments/webhooks/{provider} goes through, without a network hop.
 */
export const testGatewayDeps: TestGatewayDeps = {
  ...deps,
  notifyMerchant: (provider, body, headers) => confirmPayment(deps, provider, body, headers),
};
