import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateDriverLocation } from '../../use-cases/driver-presence';

export const handler = httpHandler(contract.updateDriverLocation, ({ account, body }) => updateDriverLocation(deps, account, body));
