import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getAddress } from '../../use-cases/get-address';

export const handler = httpHandler(contract.getAddress, ({ body }) => getAddress(deps, body.latlng));
