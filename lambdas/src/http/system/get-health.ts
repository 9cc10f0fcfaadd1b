import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getHealth } from '../../use-cases/get-health';

export const handler = httpHandler(contract.getHealth, () => getHealth(deps));
