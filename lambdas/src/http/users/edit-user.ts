import * as contract from '../../../../shared/src/contract/users';
import { carTypes, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { editUser } from '../../use-cases/edit-user';

const deps = { carTypes, users };

export const handler = httpHandler(contract.editUser, ({ account, params, body }) => editUser(deps, account, params.id, body));
