import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { requestWithdraw } from '../../use-cases/request-withdraw';

export const handler = httpHandler(contract.requestWithdraw, ({ account, body, headers }) => requestWithdraw(deps, account, { ...body, idempotencyKey: headers['idempotency-key'] }));
