import * as contract from '../../../../shared/src/contract/dashboard';
import { demand, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDemand } from '../../use-cases/fetch-demand';

const deps = { demand, now };

export const handler = httpHandler(contract.fetchDemand, ({ account, query }) => fetchDemand(deps, account, query));
