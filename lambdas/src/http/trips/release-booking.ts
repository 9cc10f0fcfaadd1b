import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, jobs, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { releaseBooking } from '../../use-cases/release-booking';

const deps = { bookings, jobs, now, trips };

export const handler = httpHandler(
  contract.releaseBooking,
  ({ account, preloaded: [booking] }) => releaseBooking(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
