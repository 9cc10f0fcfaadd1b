import * as contract from '../../../../shared/src/contract/users';
import { now, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createUploadUrl } from '../../use-cases/create-upload-url';

const deps = { now, uploads };

export const handler = httpHandler(contract.createProfileImageUploadUrl, ({ body, account }) => createUploadUrl(deps, { kind: 'profileImage', uid: account.profile.id }, body));
