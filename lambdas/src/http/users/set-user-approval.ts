import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setUserApproval } from '../../use-cases/set-user-approval';

export const handler = httpHandler(contract.setUserApproval, ({ account, params, body }) => setUserApproval(deps, account, params.id, body.approved));
