import * as contract from '../../../../shared/src/contract/notifications';
import { notifications } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchNotifications } from '../../use-cases/fetch-notifications';

const deps = { notifications };

export const handler = httpHandler(contract.fetchNotifications, () => fetchNotifications(deps));
