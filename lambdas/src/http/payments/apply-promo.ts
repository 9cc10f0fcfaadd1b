import * as contract from '../../../../shared/src/contract/payments';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, promos, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { applyPromo } from '../../use-cases/apply-promo';

const deps = { now, promos, trips };

export const handler = httpHandler(
  contract.applyPromo,
  ({ account, body, preloaded: [booking] }) => applyPromo(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
