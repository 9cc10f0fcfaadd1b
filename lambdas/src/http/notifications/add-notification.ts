import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addNotification } from '../../use-cases/add-notification';

export const handler = httpHandler(contract.addNotification, ({ body }) => addNotification(deps, body));
