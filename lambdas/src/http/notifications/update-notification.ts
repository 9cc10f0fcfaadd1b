import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateNotification } from '../../use-cases/update-notification';

export const handler = httpHandler(contract.updateNotification, ({ params, body }) => updateNotification(deps, params.id, body));
