import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addCarType } from '../../use-cases/add-car-type';

export const handler = httpHandler(contract.addCarType, ({ account, body }) => addCarType(deps, account, body));
