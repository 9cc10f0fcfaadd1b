import * as contract from '../../../../shared/src/contract/geo';
import { geo } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getRoute } from '../../use-cases/get-route';

const deps = { geo };

export const handler = httpHandler(contract.getRoute, ({ body }) => getRoute(deps, body));
