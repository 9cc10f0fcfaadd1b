import * as contract from '../../../../shared/src/contract/users';
import { identity, now, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setUserApproval } from '../../use-cases/set-user-approval';

const deps = { identity, now, users };

export const handler = httpHandler(contract.setUserApproval, ({ account, params, body }) => setUserApproval(deps, account, params.id, body.approved));
