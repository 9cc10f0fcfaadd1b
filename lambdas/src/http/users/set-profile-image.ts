import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setProfileImage } from '../../use-cases/set-profile-image';

export const handler = httpHandler(contract.setProfileImage, ({ account }) => setProfileImage(deps, account));
