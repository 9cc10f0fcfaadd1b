import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDemand } from '../../use-cases/fetch-demand';

export const handler = httpHandler(contract.fetchDemand, ({ query }) => fetchDemand(deps, query));
