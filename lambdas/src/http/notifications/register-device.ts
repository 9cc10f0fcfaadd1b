import * as contract from '../../../../shared/src/contract/notifications';
import { devices, now, push } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { registerDevice } from '../../use-cases/register-device';

const deps = { devices, now, push };

export const handler = httpHandler(contract.registerDevice, ({ account, body }) => registerDevice(deps, account, body));
