import * as contract from '../../../../shared/src/contract/payments';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { gateway, now, payments, providers, siteOrigins } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { startCheckout } from '../../use-cases/start-checkout';

const deps = { gateway, now, payments, providers, siteOrigins };

export const handler = httpHandler(
  contract.checkout,
  ({ account, body, headers, preloaded: [booking] }) => startCheckout(deps, account, loaded.booking(booking), { ...body, origin: headers.origin }),
  { preload: ({ body }) => [body.kind === 'booking' || body.kind === 'tip' ? preload.booking(body.bookingId) : undefined], idempotency },
);
