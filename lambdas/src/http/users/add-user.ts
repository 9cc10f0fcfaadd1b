import * as contract from '../../../../shared/src/contract/users';
import { carTypes, identity, now, random, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addUser } from '../../use-cases/add-user';

const deps = { carTypes, identity, now, random, users };

export const handler = httpHandler(contract.addUser, ({ account, body }) => addUser(deps, account, body));
