import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateCancelReason } from '../../use-cases/update-cancel-reason';

export const handler = httpHandler(contract.updateCancelReason, ({ account, params, body }) => updateCancelReason(deps, account, params.value, body));
