import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addUser } from '../../use-cases/add-user';

export const handler = httpHandler(contract.addUser, ({ account, body }) => addUser(deps, account, body));
