import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { attempts, bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { startTrip } from '../../use-cases/start-trip';

const deps = { attempts, bookings, now, trips };

export const handler = httpHandler(
  contract.startTrip,
  ({ account, body, preloaded: [booking, state] }) => startTrip(deps, account, loaded.booking(booking), loaded.driverState(state), body),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
