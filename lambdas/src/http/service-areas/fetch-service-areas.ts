import * as contract from '../../../../shared/src/contract/service-areas';
import { serviceAreas } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchServiceAreas } from '../../use-cases/fetch-service-areas';

const deps = { serviceAreas };

export const handler = httpHandler(contract.fetchServiceAreas, () => fetchServiceAreas(deps));
