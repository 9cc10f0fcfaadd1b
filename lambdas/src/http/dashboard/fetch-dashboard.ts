import * as contract from '../../../../shared/src/contract/dashboard';
import { earnings, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDashboard } from '../../use-cases/fetch-dashboard';

const deps = { earnings, now };

export const handler = httpHandler(contract.fetchDashboard, ({ account }) => fetchDashboard(deps, account));
