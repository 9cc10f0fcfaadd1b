import * as contract from '../../../../shared/src/contract/stops';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { reachStop } from '../../use-cases/reach-stop';

const deps = { bookings, now, trips };

export const handler = httpHandler(
  contract.reachStop,
  ({ account, body, preloaded: [booking, state] }) => reachStop(deps, account, loaded.booking(booking), loaded.driverState(state), body.index),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
