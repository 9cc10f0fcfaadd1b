import * as contract from '../../../../shared/src/contract/wallet';
import { wallets } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchWallet } from '../../use-cases/fetch-wallet';

const deps = { wallets };

export const handler = httpHandler(contract.fetchWallet, ({ account, query }) => fetchWallet(deps, account, query));
