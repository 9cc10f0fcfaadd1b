import * as contract from '../../../../shared/src/contract/catalog';
import { carTypes, now, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addCarType } from '../../use-cases/add-car-type';

const deps = { carTypes, now, uploads, users };

export const handler = httpHandler(contract.addCarType, ({ account, body }) => addCarType(deps, account, body));
