import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { MAX_DOCUMENT_BYTES } from '../../ports/uploads';
import { completeUpload } from '../../use-cases/create-upload-url';

export const handler = httpHandler(contract.completeSignupUpload, ({ body }) => completeUpload(deps, { key: body.key, maxBytes: MAX_DOCUMENT_BYTES }, body));
