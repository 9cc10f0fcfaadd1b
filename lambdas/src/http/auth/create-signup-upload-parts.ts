import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createUploadParts } from '../../use-cases/create-upload-url';
import { maxBytesOf } from '../../use-cases/upload-keys';

export const handler = httpHandler(contract.createSignupUploadParts, ({ body }) => createUploadParts(deps, { key: body.key, maxBytes: maxBytesOf('licence') }, body));
