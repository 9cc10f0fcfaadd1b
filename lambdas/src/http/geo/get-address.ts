import * as contract from '../../../../shared/src/contract/geo';
import { geo } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getAddress } from '../../use-cases/get-address';

const deps = { geo };

export const handler = httpHandler(contract.getAddress, ({ body }) => getAddress(deps, body.latlng));
