import * as contract from '../../../../shared/src/contract/trips';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { geo, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchTracking } from '../../use-cases/fetch-tracking';

const deps = { geo, trips };

export const handler = httpHandler(
  contract.fetchTracking,
  ({ account, preloaded: [booking] }) => fetchTracking(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
