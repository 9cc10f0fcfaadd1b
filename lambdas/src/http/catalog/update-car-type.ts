import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateCarType } from '../../use-cases/update-car-type';

export const handler = httpHandler(contract.updateCarType, ({ account, params, body }) => updateCarType(deps, account, params.id, body));
