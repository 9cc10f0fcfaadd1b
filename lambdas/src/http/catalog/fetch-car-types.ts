import * as contract from '../../../../shared/src/contract/catalog';
import { carTypes } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchCarTypes } from '../../use-cases/fetch-car-types';

const deps = { carTypes };

export const handler = httpHandler(contract.fetchCarTypes, () => fetchCarTypes(deps));
