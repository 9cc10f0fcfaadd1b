import * as contract from '../../../../shared/src/contract/users';
import { devices, identity, push, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteUser } from '../../use-cases/delete-user';

const deps = { devices, identity, push, users };

export const handler = httpHandler(contract.deleteUser, ({ account, params }) => deleteUser(deps, account, params.id));
