import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchCarTypes } from '../../use-cases/fetch-car-types';

export const handler = httpHandler(contract.fetchCarTypes, () => fetchCarTypes(deps));
