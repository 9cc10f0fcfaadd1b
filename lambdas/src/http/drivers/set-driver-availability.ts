import * as contract from '../../../../shared/src/contract/driver-presence';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, presence } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setDriverAvailability } from '../../use-cases/driver-presence';

const deps = { now, presence };

export const handler = httpHandler(
  contract.setDriverAvailability,
  ({ account, body, preloaded }) => setDriverAvailability(deps, account, loaded.driverState(preloaded[0]), body.online),
  { preload: ({ caller }) => [preload.driverState(caller.uid)] },
);
