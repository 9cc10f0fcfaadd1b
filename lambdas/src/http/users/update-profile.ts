import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateProfile } from '../../use-cases/update-profile';

export const handler = httpHandler(contract.updateProfile, ({ account, body }) => updateProfile(deps, account, body));
