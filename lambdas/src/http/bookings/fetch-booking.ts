import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { httpHandler } from '../../middleware/http-handler';
import { fetchBooking } from '../../use-cases/fetch-bookings';

export const handler = httpHandler(
  contract.fetchBooking,
  async ({ account, preloaded }) => fetchBooking(account, loaded.booking(preloaded[0])),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
