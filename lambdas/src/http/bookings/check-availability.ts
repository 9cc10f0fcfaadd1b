import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, presence, serviceAreas } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { checkAvailability } from '../../use-cases/check-availability';

const deps = { presence, now, serviceAreas };

export const handler = httpHandler(
  contract.checkAvailability,
  ({ account, body, preloaded }) => checkAvailability(deps, account, body, loaded.carType(preloaded[0])),
  { preload: ({ body }) => (body.carTypeId ? [preload.carType(body.carTypeId)] : []) },
);
