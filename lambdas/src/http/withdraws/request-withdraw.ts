import * as contract from '../../../../shared/src/contract/withdraws';
import { now, users, withdraws } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { requestWithdraw } from '../../use-cases/request-withdraw';

const deps = { now, users, withdraws };

export const handler = httpHandler(contract.requestWithdraw, ({ account, body, headers }) => requestWithdraw(deps, account, { ...body, idempotencyKey: headers['idempotency-key'] }), { idempotency });
