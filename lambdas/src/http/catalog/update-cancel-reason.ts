import * as contract from '../../../../shared/src/contract/catalog';
import { cancelReasons } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateCancelReason } from '../../use-cases/update-cancel-reason';

const deps = { cancelReasons };

export const handler = httpHandler(contract.updateCancelReason, ({ account, params, body }) => updateCancelReason(deps, account, params.value, body));
