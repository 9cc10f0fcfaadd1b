import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchTracking } from '../../use-cases/fetch-tracking';

export const handler = httpHandler(
  contract.fetchTracking,
  ({ account, preloaded: [booking] }) => fetchTracking(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
