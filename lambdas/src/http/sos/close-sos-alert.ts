import * as contract from '../../../../shared/src/contract/sos';
import { now, sosAlerts } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { handleSosAlert } from '../../use-cases/handle-sos-alert';

const deps = { sos: sosAlerts, now };

export const handler = httpHandler(contract.closeSosAlert, ({ account, params, body }) => handleSosAlert(deps, account, params.id, 'closed', body.note));
