import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { arriveBooking } from '../../use-cases/arrive-booking';

const deps = { bookings, now, trips };

export const handler = httpHandler(
  contract.arriveBooking,
  ({ account, preloaded: [booking, state] }) => arriveBooking(deps, account, loaded.booking(booking), loaded.driverState(state)),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
