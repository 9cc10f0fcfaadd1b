import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { startCheckout } from '../../use-cases/start-checkout';

export const handler = httpHandler(
  contract.checkout,
  ({ account, body, headers, preloaded: [booking] }) => startCheckout(deps, account, loaded.booking(booking), { ...body, origin: headers.origin }),
  { preload: ({ body }) => [body.kind === 'booking' ? preload.booking(body.bookingId) : undefined] },
);
