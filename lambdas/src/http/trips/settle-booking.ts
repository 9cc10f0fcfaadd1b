import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { settleBooking } from '../../use-cases/settle-booking';

export const handler = httpHandler(
  contract.settleBooking,
  ({ account, body, preloaded: [booking] }) => settleBooking(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
