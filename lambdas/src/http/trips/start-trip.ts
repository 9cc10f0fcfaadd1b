import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { startTrip } from '../../use-cases/start-trip';

export const handler = httpHandler(
  contract.startTrip,
  ({ account, body, preloaded: [booking, state] }) => startTrip(deps, account, loaded.booking(booking), loaded.driverState(state), body),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.driverState(caller.uid)] },
);
