import * as contract from '../../../../shared/src/contract/notifications';
import { webPush } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchWebPushKey } from '../../use-cases/fetch-web-push-key';

const deps = { webPush };

export const handler = httpHandler(contract.fetchWebPushKey, () => fetchWebPushKey(deps));
