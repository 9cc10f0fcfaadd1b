import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { clientAddressOf } from '../../middleware/client-address';
import { httpHandler } from '../../middleware/http-handler';
import { checkUserExists } from '../../use-cases/check-user-exists';

export const handler = httpHandler(contract.checkUserExists, ({ body, event }) => checkUserExists(deps, body, clientAddressOf(event)));
