import * as contract from '../../../../shared/src/contract/driver-presence';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDriverPresence } from '../../use-cases/driver-presence';

const deps = { now };

export const handler = httpHandler(
  contract.fetchDriverPresence,
  async ({ account, preloaded }) => fetchDriverPresence(deps, account, loaded.driverState(preloaded[0])),
  { preload: ({ caller }) => [preload.driverState(caller.uid)] },
);
