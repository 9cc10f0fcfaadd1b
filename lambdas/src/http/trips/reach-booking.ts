import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { reachBooking } from '../../use-cases/reach-booking';

export const handler = httpHandler(
  contract.reachBooking,
  ({ account, preloaded: [booking, state] }) => reachBooking(deps, account, loaded.booking(booking), loaded.driverState(state)),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
