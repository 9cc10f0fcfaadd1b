import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteCancelReason } from '../../use-cases/delete-cancel-reason';

export const handler = httpHandler(contract.deleteCancelReason, ({ account, params, query }) => deleteCancelReason(deps, account, params.value, query.version));
