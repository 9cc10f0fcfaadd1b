import * as contract from '../../../../shared/src/contract/notifications';
import { notifications } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateNotification } from '../../use-cases/update-notification';

const deps = { notifications };

export const handler = httpHandler(contract.updateNotification, ({ params, body }) => updateNotification(deps, params.id, body));
