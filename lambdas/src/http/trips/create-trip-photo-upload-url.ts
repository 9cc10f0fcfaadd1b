import * as contract from '../../../../shared/src/contract/trip-photos';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createTripPhotoUploadUrl } from '../../use-cases/trip-photos';

const deps = { now, uploads };

export const handler = httpHandler(
  contract.createTripPhotoUploadUrl,
  ({ account, params, body, preloaded: [booking] }) => createTripPhotoUploadUrl(deps, account, loaded.booking(booking), params.kind, body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
