import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, carTypes, geo, now, trips, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { reachBooking } from '../../use-cases/reach-booking';

const deps = { bookings, carTypes, geo, now, trips, users };

export const handler = httpHandler(
  contract.reachBooking,
  ({ account, preloaded: [booking, state] }) => reachBooking(deps, account, loaded.booking(booking), loaded.driverState(state)),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
