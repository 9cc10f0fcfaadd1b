import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { acceptBooking } from '../../use-cases/accept-booking';

export const handler = httpHandler(
  contract.acceptBooking,
  ({ account, preloaded: [booking, offer, state] }) => acceptBooking(deps, account, {
    booking: loaded.booking(booking), offer: loaded.offer(offer), state: loaded.driverState(state),
  }),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.offer(caller.uid, params.id), preload.driverState(caller.uid)] },
);
