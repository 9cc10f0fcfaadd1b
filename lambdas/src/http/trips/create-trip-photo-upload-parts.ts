import * as contract from '../../../../shared/src/contract/trip-photos';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createTripPhotoUploadParts } from '../../use-cases/trip-photos';

const deps = { uploads };

export const handler = httpHandler(
  contract.createTripPhotoUploadParts,
  ({ account, params, body, preloaded: [booking] }) => createTripPhotoUploadParts(deps, account, loaded.booking(booking), params.kind, body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
