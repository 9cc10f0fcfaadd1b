import { bookings, gateway, gatewayPayments, jobs, now, payments, secrets, settings, testGatewayOn, trips, users } from './composition-root';
import { confirmPayment } from './use-cases/confirm-payment';
import type { TestGatewayDeps } from './use-cases/test-gateway-payments';

const confirmDeps = { gateway, payments, bookings, trips, users, settings, jobs, now };

/**
 * The test gateway's wiring. It lives in the same deployment as the platform, so its webhook
 * delivery calls the confirmation use case directly: the same verification a real provider's
 * request to POST /payments/webhooks/{provider} goes through, without a network hop.
 */
export const testGatewayDeps: TestGatewayDeps = {
  gatewayPayments, secrets, testGatewayOn, now,
  notifyMerchant: (provider, body, headers) => confirmPayment(confirmDeps, provider, body, headers),
};
