import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { declineBooking } from '../../use-cases/decline-booking';

export const handler = httpHandler(
  contract.declineBooking,
  ({ account, preloaded: [booking] }) => declineBooking(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
