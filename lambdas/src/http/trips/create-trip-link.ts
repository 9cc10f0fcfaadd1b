import * as contract from '../../../../shared/src/contract/trip-link';
import { keys } from '../../adapters/dynamodb/keys';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, tripLinks } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createTripLink } from '../../use-cases/create-trip-link';

const deps = { tripLinks, now, hash: keys.tripLinkHash };

export const handler = httpHandler(
  contract.createTripLink,
  ({ account, preloaded: [booking] }) => createTripLink(deps, account, loaded.booking(booking)),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
