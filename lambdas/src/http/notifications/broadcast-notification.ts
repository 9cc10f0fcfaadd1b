import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { broadcastNotification } from '../../use-cases/broadcast-notification';

export const handler = httpHandler(contract.broadcastNotification, ({ params }) => broadcastNotification(deps, params.id));
