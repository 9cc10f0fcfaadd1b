import * as contract from '../../../../shared/src/contract/catalog';
import { cancelReasons } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addCancelReason } from '../../use-cases/add-cancel-reason';

const deps = { cancelReasons };

export const handler = httpHandler(contract.addCancelReason, ({ account, body }) => addCancelReason(deps, account, body));
