import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { payBooking } from '../../use-cases/pay-booking';

export const handler = httpHandler(
  contract.payBooking,
  ({ account, body, preloaded: [booking] }) => payBooking(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
