import * as contract from '../../../../shared/src/contract/service-areas';
import { now, serviceAreas } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addServiceArea } from '../../use-cases/add-service-area';

const deps = { serviceAreas, now };

export const handler = httpHandler(contract.addServiceArea, ({ account, body }) => addServiceArea(deps, account, body));
