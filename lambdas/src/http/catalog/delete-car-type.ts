import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteCarType } from '../../use-cases/delete-car-type';

export const handler = httpHandler(contract.deleteCarType, ({ account, params, query }) => deleteCarType(deps, account, params.id, query.version));
