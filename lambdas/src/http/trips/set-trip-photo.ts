import * as contract from '../../../../shared/src/contract/trip-photos';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { trips, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setTripPhoto } from '../../use-cases/trip-photos';

const deps = { trips, uploads };

export const handler = httpHandler(
  contract.setTripPhoto,
  ({ account, params, preloaded: [booking] }) => setTripPhoto(deps, account, loaded.booking(booking), params.kind),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
