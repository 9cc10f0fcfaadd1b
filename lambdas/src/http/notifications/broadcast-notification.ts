import * as contract from '../../../../shared/src/contract/notifications';
import { devices, jobs, notifications, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { broadcastNotification } from '../../use-cases/broadcast-notification';

const deps = { devices, jobs, notifications, now };

export const handler = httpHandler(contract.broadcastNotification, ({ params }) => broadcastNotification(deps, params.id));
