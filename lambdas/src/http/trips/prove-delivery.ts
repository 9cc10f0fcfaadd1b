import * as contract from '../../../../shared/src/contract/delivery-proof';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { attempts, bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { proveDelivery } from '../../use-cases/prove-delivery';

const deps = { attempts, bookings, now, trips };

export const handler = httpHandler(
  contract.proveDelivery,
  ({ account, body, preloaded: [booking] }) => proveDelivery(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
