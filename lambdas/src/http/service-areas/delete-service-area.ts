import * as contract from '../../../../shared/src/contract/service-areas';
import { serviceAreas } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteServiceArea } from '../../use-cases/delete-service-area';

const deps = { serviceAreas };

export const handler = httpHandler(contract.deleteServiceArea, ({ account, params }) => deleteServiceArea(deps, account, params.id));
