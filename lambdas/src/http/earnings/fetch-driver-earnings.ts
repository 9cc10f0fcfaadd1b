import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDriverEarnings } from '../../use-cases/fetch-driver-earnings';

export const handler = httpHandler(contract.fetchDriverEarnings, ({ account, query }) => fetchDriverEarnings(deps, account, query));
