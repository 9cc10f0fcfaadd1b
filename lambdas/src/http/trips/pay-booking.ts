import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, providers, trips, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { payBooking } from '../../use-cases/pay-booking';

const deps = { bookings, now, providers, trips, users };

export const handler = httpHandler(
  contract.payBooking,
  ({ account, body, preloaded: [booking] }) => payBooking(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)], idempotency },
);
