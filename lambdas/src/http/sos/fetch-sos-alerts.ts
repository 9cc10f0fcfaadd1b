import * as contract from '../../../../shared/src/contract/sos';
import { sosAlerts } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchSosAlerts } from '../../use-cases/fetch-sos-alerts';

const deps = { sos: sosAlerts };

export const handler = httpHandler(contract.fetchSosAlerts, ({ account, query }) => fetchSosAlerts(deps, account, query.state));
