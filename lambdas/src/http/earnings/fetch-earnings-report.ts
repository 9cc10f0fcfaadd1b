import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchEarningsReport } from '../../use-cases/fetch-earnings-report';

export const handler = httpHandler(contract.fetchEarningsReport, ({ query }) => fetchEarningsReport(deps, query));
