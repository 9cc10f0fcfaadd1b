import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getEstimate } from '../../use-cases/get-estimate';

export const handler = httpHandler(
  contract.getEstimate,
  ({ account, body, preloaded }) => getEstimate(deps, account, body, loaded.carType(preloaded[0])),
  { preload: ({ body }) => (body.carTypeId ? [preload.carType(body.carTypeId)] : []) },
);
