import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createCarTypeImageUploadUrl } from '../../use-cases/create-car-type-image-upload-url';

export const handler = httpHandler(contract.createCarTypeImageUploadUrl, ({ account, body }) => createCarTypeImageUploadUrl(deps, account, body));
