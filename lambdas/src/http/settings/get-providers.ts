import * as contract from '../../../../shared/src/contract/settings';
import { providers } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getProviders } from '../../use-cases/get-providers';

const deps = { providers };

export const handler = httpHandler(contract.getProviders, () => getProviders(deps));
