import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getRoute } from '../../use-cases/get-route';

export const handler = httpHandler(contract.getRoute, ({ body }) => getRoute(deps, body));
