import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchNotifications } from '../../use-cases/fetch-notifications';

export const handler = httpHandler(contract.fetchNotifications, () => fetchNotifications(deps));
