import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchWithdraws } from '../../use-cases/fetch-withdraws';

export const handler = httpHandler(contract.fetchWithdraws, ({ account, query }) => fetchWithdraws(deps, account, query));
