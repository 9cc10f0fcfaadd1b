import * as contract from '../../../../shared/src/contract/catalog';
import { carTypes, now, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateCarType } from '../../use-cases/update-car-type';

const deps = { carTypes, now, uploads, users };

export const handler = httpHandler(contract.updateCarType, ({ account, params, body }) => updateCarType(deps, account, params.id, body));
