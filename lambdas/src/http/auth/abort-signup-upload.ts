import * as contract from '../../../../shared/src/contract/auth';
import { uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { abortUpload } from '../../use-cases/create-upload-url';

const deps = { uploads };

export const handler = httpHandler(contract.abortSignupUpload, ({ body }) => abortUpload(deps, body.key, body.uploadId));
