import * as contract from '../../../../shared/src/contract/trip-photos';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { completeTripPhotoUpload } from '../../use-cases/trip-photos';

const deps = { uploads };

export const handler = httpHandler(
  contract.completeTripPhotoUpload,
  ({ account, params, body, preloaded: [booking] }) => completeTripPhotoUpload(deps, account, loaded.booking(booking), params.kind, body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
