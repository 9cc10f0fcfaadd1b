import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchBooking } from '../../use-cases/fetch-bookings';

export const handler = httpHandler(
  contract.fetchBooking,
  ({ account, preloaded }) => fetchBooking(deps, account, loaded.booking(preloaded[0])),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
