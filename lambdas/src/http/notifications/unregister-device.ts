import * as contract from '../../../../shared/src/contract/notifications';
import { devices, push } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { unregisterDevice } from '../../use-cases/unregister-device';

const deps = { devices, push };

export const handler = httpHandler(contract.unregisterDevice, ({ account, query }) => unregisterDevice(deps, account, query.pushToken));
