import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { abortUpload } from '../../use-cases/create-upload-url';

export const handler = httpHandler(contract.abortSignupUpload, ({ body }) => abortUpload(deps, body.key, body.uploadId));
