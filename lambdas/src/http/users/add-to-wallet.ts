import * as contract from '../../../../shared/src/contract/wallet';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, users, wallets } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { idempotency } from '../../middleware/idempotency-on-first-use';
import { addToWallet } from '../../use-cases/add-to-wallet';

const deps = { now, users, wallets };

export const handler = httpHandler(
  contract.addToWallet,
  ({ account, params, body, headers, preloaded: [target] }) => addToWallet(deps, account, loaded.profile(target), { amount: body.amount, idempotencyKey: headers['idempotency-key'] }),
  { preload: ({ params }) => [preload.profile(params.uid)], idempotency },
);
