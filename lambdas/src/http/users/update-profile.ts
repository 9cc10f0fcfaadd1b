import * as contract from '../../../../shared/src/contract/users';
import { users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateProfile } from '../../use-cases/update-profile';

const deps = { users };

export const handler = httpHandler(contract.updateProfile, ({ account, body }) => updateProfile(deps, account, body));
