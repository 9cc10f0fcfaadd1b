import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, presence, serviceAreasAt } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { checkAvailability } from '../../use-cases/check-availability';

/** The car type and the areas' revision come with the admission read. */
export const handler = httpHandler(
  contract.checkAvailability,
  ({ account, body, preloaded: [carType, areas] }) => checkAvailability({ presence, now, serviceAreas: serviceAreasAt(loaded.areasRevision(areas)) }, account, body, loaded.carType(carType)),
  { preload: ({ body }) => [body.carTypeId ? preload.carType(body.carTypeId) : undefined, preload.serviceAreasMeta()] },
);
