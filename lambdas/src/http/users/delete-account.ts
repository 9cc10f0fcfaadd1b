import * as contract from '../../../../shared/src/contract/users';
import { devices, identity, push, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteAccount } from '../../use-cases/delete-account';

const deps = { devices, identity, push, users };

export const handler = httpHandler(contract.deleteAccount, ({ account }) => deleteAccount(deps, account));
