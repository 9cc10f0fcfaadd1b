import * as contract from '../../../../shared/src/contract/service-areas';
import { now, serviceAreas } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateServiceArea } from '../../use-cases/update-service-area';

const deps = { serviceAreas, now };

export const handler = httpHandler(contract.updateServiceArea, ({ account, params, body }) => updateServiceArea(deps, account, params.id, body));
