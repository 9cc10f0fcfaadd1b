import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { completeBooking } from '../../use-cases/complete-booking';

export const handler = httpHandler(
  contract.completeBooking,
  ({ account, body, preloaded: [booking] }) => completeBooking(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
