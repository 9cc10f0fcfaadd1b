import * as contract from '../../../../shared/src/contract/withdraws';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, withdraws } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { completeWithdraw } from '../../use-cases/complete-withdraw';

const deps = { now, withdraws };

export const handler = httpHandler(
  contract.completeWithdraw,
  ({ account, params, preloaded: [request] }) => completeWithdraw(deps, account, params.id, loaded.withdraw(request)),
  { preload: ({ params }) => [preload.withdraw(params.id)] },
);
