import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { createUploadUrl } from '../../use-cases/create-upload-url';

export const handler = httpHandler(contract.createProfileImageUploadUrl, ({ body, account }) => createUploadUrl(deps, { kind: 'profileImage', uid: account.profile.id }, body));
