import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { releaseBooking } from '../../use-cases/release-booking';

export const handler = httpHandler(
  contract.releaseBooking,
  ({ account, preloaded: [booking] }) => releaseBooking(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
