import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, demand, geo, jobs, now, presence, random, serviceAreasAt } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { addBooking } from '../../use-cases/add-booking';

const deps = { bookings, demand, geo, jobs, now, presence, random };

/** The car type, the rider an admin books for, the idempotency record and the areas' revision come with the admission read. */
export const handler = httpHandler(
  contract.addBooking,
  ({ account, body, headers, preloaded: [carType, rider, previous, areas] }) => addBooking({ ...deps, serviceAreas: serviceAreasAt(loaded.areasRevision(areas)) }, account, {
    body,
    idempotencyKey: headers['idempotency-key'],
    carType: loaded.carType(carType),
    rider: loaded.profile(rider),
    previous: loaded.idempotency(previous),
  }),
  {
    preload: ({ body, headers, caller }) => [
      body.carTypeId ? preload.carType(body.carTypeId) : undefined,
      body.riderId ? preload.profile(body.riderId) : undefined,
      headers['idempotency-key'] ? preload.idempotency(caller.uid, headers['idempotency-key']) : undefined,
      preload.serviceAreasMeta(),
    ],
    idempotency,
  },
);
