import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getProviders } from '../../use-cases/get-providers';

export const handler = httpHandler(contract.getProviders, () => getProviders(deps));
