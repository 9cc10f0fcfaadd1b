import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { cancelBooking } from '../../use-cases/cancel-booking';

const deps = { bookings, now, trips };

export const handler = httpHandler(
  contract.cancelBooking,
  ({ account, body, preloaded }) => cancelBooking(deps, account, loaded.booking(preloaded[0]), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
