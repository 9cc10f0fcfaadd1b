import * as contract from '../../../../shared/src/contract/delivery-proof';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, carTypes, geo, now, serviceAreas, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { failDelivery } from '../../use-cases/fail-delivery';

const deps = { bookings, carTypes, geo, now, serviceAreas, trips };

export const handler = httpHandler(
  contract.failDelivery,
  ({ account, body, preloaded: [booking] }) => failDelivery(deps, account, loaded.booking(booking), body.reason),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
