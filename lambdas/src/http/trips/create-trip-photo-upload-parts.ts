import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createTripPhotoUploadParts } from '../../use-cases/trip-photos';

export const handler = httpHandler(
  contract.createTripPhotoUploadParts,
  ({ account, params, body, preloaded: [booking] }) => createTripPhotoUploadParts(deps, account, loaded.booking(booking), params.kind, body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
