import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchWallet } from '../../use-cases/fetch-wallet';

export const handler = httpHandler(contract.fetchWallet, ({ account, query }) => fetchWallet(deps, account, query));
