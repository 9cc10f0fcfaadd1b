import * as contract from '../../../../shared/src/contract/geo';
import { geo } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getPlaceCoords } from '../../use-cases/get-place-coords';

const deps = { geo };

export const handler = httpHandler(contract.getCoords, ({ body }) => getPlaceCoords(deps, body.place_id));
