import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { geo, serviceAreasAt } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getEstimate } from '../../use-cases/get-estimate';

/** The car type and the areas' revision come with the admission read. */
export const handler = httpHandler(
  contract.getEstimate,
  ({ account, body, preloaded: [carType, areas] }) => getEstimate({ geo, serviceAreas: serviceAreasAt(loaded.areasRevision(areas)) }, account, body, loaded.carType(carType)),
  { preload: ({ body }) => [body.carTypeId ? preload.carType(body.carTypeId) : undefined, preload.serviceAreasMeta()] },
);
