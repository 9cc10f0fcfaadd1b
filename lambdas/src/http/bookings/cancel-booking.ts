import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { cancelBooking } from '../../use-cases/cancel-booking';

export const handler = httpHandler(
  contract.cancelBooking,
  ({ account, body, preloaded }) => cancelBooking(deps, account, loaded.booking(preloaded[0]), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
