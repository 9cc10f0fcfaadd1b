import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setDriverAvailability } from '../../use-cases/driver-presence';

export const handler = httpHandler(
  contract.setDriverAvailability,
  ({ account, body, preloaded }) => setDriverAvailability(deps, account, loaded.driverState(preloaded[0]), body.online),
  { preload: ({ caller }) => [preload.driverState(caller.uid)] },
);
