import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { geo, serviceAreas } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getEstimate } from '../../use-cases/get-estimate';

const deps = { geo, serviceAreas };

export const handler = httpHandler(
  contract.getEstimate,
  ({ account, body, preloaded }) => getEstimate(deps, account, body, loaded.carType(preloaded[0])),
  { preload: ({ body }) => (body.carTypeId ? [preload.carType(body.carTypeId)] : []) },
);
