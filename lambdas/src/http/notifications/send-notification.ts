import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { sendNotification } from '../../use-cases/send-notification';

export const handler = httpHandler(contract.sendNotification, ({ body }) => sendNotification(deps, body));
