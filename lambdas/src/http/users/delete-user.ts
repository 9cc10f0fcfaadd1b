import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteUser } from '../../use-cases/delete-user';

export const handler = httpHandler(contract.deleteUser, ({ account, params }) => deleteUser(deps, account, params.id));
