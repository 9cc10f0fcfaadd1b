import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchBooking } from '../../use-cases/fetch-bookings';

const deps = { uploads };

export const handler = httpHandler(
  contract.fetchBooking,
  ({ account, preloaded }) => fetchBooking(deps, account, loaded.booking(preloaded[0])),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
