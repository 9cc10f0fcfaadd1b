import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { unregisterDevice } from '../../use-cases/unregister-device';

export const handler = httpHandler(contract.unregisterDevice, ({ account, query }) => unregisterDevice(deps, account, query.pushToken));
