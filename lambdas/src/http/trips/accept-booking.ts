import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { acceptBooking } from '../../use-cases/accept-booking';

const deps = { bookings, now, trips };

export const handler = httpHandler(
  contract.acceptBooking,
  ({ account, preloaded: [booking, offer, state] }) => acceptBooking(deps, account, {
    booking: loaded.booking(booking), offer: loaded.offer(offer), state: loaded.driverState(state),
  }),
  { preload: ({ params, caller }) => [preload.booking(params.id), preload.offer(caller.uid, params.id), preload.driverState(caller.uid)] },
);
