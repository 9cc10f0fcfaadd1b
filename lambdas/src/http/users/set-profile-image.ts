import * as contract from '../../../../shared/src/contract/users';
import { now, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setProfileImage } from '../../use-cases/set-profile-image';

const deps = { now, uploads, users };

export const handler = httpHandler(contract.setProfileImage, ({ account }) => setProfileImage(deps, account));
