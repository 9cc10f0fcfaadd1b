import * as contract from '../../../../shared/src/contract/catalog';
import { cancelReasons } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteCancelReason } from '../../use-cases/delete-cancel-reason';

const deps = { cancelReasons };

export const handler = httpHandler(contract.deleteCancelReason, ({ account, params, query }) => deleteCancelReason(deps, account, params.value, query.version));
