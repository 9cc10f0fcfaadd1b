import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getPlaceCoords } from '../../use-cases/get-place-coords';

export const handler = httpHandler(contract.getCoords, ({ body }) => getPlaceCoords(deps, body.place_id));
