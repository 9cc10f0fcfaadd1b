import * as contract from '../../../../shared/src/contract/notifications';
import { notifications } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteNotification } from '../../use-cases/delete-notification';

const deps = { notifications };

export const handler = httpHandler(contract.deleteNotification, ({ params, query }) => deleteNotification(deps, params.id, query.version));
