import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addToWallet } from '../../use-cases/add-to-wallet';

export const handler = httpHandler(
  contract.addToWallet,
  ({ account, params, body, headers, preloaded: [target] }) => addToWallet(deps, account, loaded.profile(target), { amount: body.amount, idempotencyKey: headers['idempotency-key'] }),
  { preload: ({ params }) => [preload.profile(params.uid)] },
);
