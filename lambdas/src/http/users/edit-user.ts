import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { editUser } from '../../use-cases/edit-user';

export const handler = httpHandler(contract.editUser, ({ account, params, body }) => editUser(deps, account, params.id, body));
