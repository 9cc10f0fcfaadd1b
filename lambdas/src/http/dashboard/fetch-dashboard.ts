import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDashboard } from '../../use-cases/fetch-dashboard';

export const handler = httpHandler(contract.fetchDashboard, ({ account }) => fetchDashboard(deps, account));
