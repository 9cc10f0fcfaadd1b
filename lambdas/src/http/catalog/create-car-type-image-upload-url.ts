import * as contract from '../../../../shared/src/contract/catalog';
import { now, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createCarTypeImageUploadUrl } from '../../use-cases/create-car-type-image-upload-url';

const deps = { now, uploads };

export const handler = httpHandler(contract.createCarTypeImageUploadUrl, ({ account, body }) => createCarTypeImageUploadUrl(deps, account, body));
