import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { settleBooking } from '../../use-cases/settle-booking';

const deps = { bookings, now, trips, users };

export const handler = httpHandler(
  contract.settleBooking,
  ({ account, body, preloaded: [booking] }) => settleBooking(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)], idempotency },
);
