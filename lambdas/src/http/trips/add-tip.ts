import * as contract from '../../../../shared/src/contract/tips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { addTip } from '../../use-cases/add-tip';

const deps = { bookings, now, trips };

export const handler = httpHandler(
  contract.addTip,
  ({ account, body, preloaded: [booking] }) => addTip(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)], idempotency },
);
