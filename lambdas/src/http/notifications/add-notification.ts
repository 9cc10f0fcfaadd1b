import * as contract from '../../../../shared/src/contract/notifications';
import { notifications, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addNotification } from '../../use-cases/add-notification';

const deps = { notifications, now };

export const handler = httpHandler(contract.addNotification, ({ body }) => addNotification(deps, body));
