import * as contract from '../../../../shared/src/contract/auth';
import { uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createUploadParts } from '../../use-cases/create-upload-url';
import { maxBytesOf } from '../../use-cases/upload-keys';

const deps = { uploads };

export const handler = httpHandler(contract.createSignupUploadParts, ({ body }) => createUploadParts(deps, { key: body.key, maxBytes: maxBytesOf('licence') }, body));
