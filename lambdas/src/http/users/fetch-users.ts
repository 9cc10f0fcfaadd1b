import * as contract from '../../../../shared/src/contract/users';
import { users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchUsers } from '../../use-cases/fetch-users';

const deps = { users };

export const handler = httpHandler(contract.fetchUsers, ({ account, query }) => fetchUsers(deps, account, query));
