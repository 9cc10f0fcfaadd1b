import * as contract from '../../../../shared/src/contract/auth';
import { now, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createUploadUrl } from '../../use-cases/create-upload-url';

const deps = { now, uploads };

export const handler = httpHandler(contract.createSignupUploadUrl, ({ body }) => createUploadUrl(deps, { kind: 'licence' }, body));
