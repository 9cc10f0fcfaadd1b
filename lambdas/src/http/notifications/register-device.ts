import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { registerDevice } from '../../use-cases/register-device';

export const handler = httpHandler(contract.registerDevice, ({ account, body }) => registerDevice(deps, account, body));
