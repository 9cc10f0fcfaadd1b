import * as contract from '../../../../shared/src/contract/earnings';
import { earnings } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchEarningsReport } from '../../use-cases/fetch-earnings-report';

const deps = { earnings };

export const handler = httpHandler(contract.fetchEarningsReport, ({ query }) => fetchEarningsReport(deps, query));
