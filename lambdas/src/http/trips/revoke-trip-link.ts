import * as contract from '../../../../shared/src/contract/trip-link';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { tripLinks } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { revokeTripLink } from '../../use-cases/share-trip';

const deps = { tripLinks };

export const handler = httpHandler(
  contract.revokeTripLink,
  ({ account, preloaded: [booking] }) => revokeTripLink(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
