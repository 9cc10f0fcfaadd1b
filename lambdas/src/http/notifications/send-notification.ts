import * as contract from '../../../../shared/src/contract/notifications';
import { claims, devices, push } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { sendNotification } from '../../use-cases/send-notification';

const deps = { claims, devices, push };

export const handler = httpHandler(contract.sendNotification, ({ body }) => sendNotification(deps, body));
