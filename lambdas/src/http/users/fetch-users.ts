import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchUsers } from '../../use-cases/fetch-users';

export const handler = httpHandler(contract.fetchUsers, ({ account, query }) => fetchUsers(deps, account, query));
