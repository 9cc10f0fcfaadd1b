import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { completeBooking } from '../../use-cases/complete-booking';

const deps = { bookings, now, trips, users };

export const handler = httpHandler(
  contract.completeBooking,
  ({ account, body, preloaded: [booking] }) => completeBooking(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
