import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addCancelReason } from '../../use-cases/add-cancel-reason';

export const handler = httpHandler(contract.addCancelReason, ({ account, body }) => addCancelReason(deps, account, body));
