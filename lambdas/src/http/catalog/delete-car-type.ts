import * as contract from '../../../../shared/src/contract/catalog';
import { carTypes, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteCarType } from '../../use-cases/delete-car-type';

const deps = { carTypes, users };

export const handler = httpHandler(contract.deleteCarType, ({ account, params, query }) => deleteCarType(deps, account, params.id, query.version));
