import * as contract from '../../../../shared/src/contract/delivery-proof';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { returnDelivery } from '../../use-cases/return-delivery';

const deps = { bookings, now, trips };

export const handler = httpHandler(
  contract.returnDelivery,
  ({ account, preloaded: [booking, state] }) => returnDelivery(deps, account, loaded.booking(booking), loaded.driverState(state)),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
