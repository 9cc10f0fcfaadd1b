import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteNotification } from '../../use-cases/delete-notification';

export const handler = httpHandler(contract.deleteNotification, ({ params, query }) => deleteNotification(deps, params.id, query.version));
