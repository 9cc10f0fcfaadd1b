import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setTripPhoto } from '../../use-cases/trip-photos';

export const handler = httpHandler(
  contract.setTripPhoto,
  ({ account, params, preloaded: [booking] }) => setTripPhoto(deps, account, loaded.booking(booking), params.kind),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
