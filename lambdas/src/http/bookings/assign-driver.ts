import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { assignDriver } from '../../use-cases/assign-driver';

const deps = { bookings, now };

export const handler = httpHandler(
  contract.assignDriver,
  ({ account, preloaded: [booking, driver, driverState] }) => assignDriver(deps, account, loaded.booking(booking), loaded.profile(driver), loaded.driverState(driverState)),
  { preload: ({ params, body }) => [preload.booking(params.id), preload.profile(body.driverId), preload.driverState(body.driverId)] },
);
