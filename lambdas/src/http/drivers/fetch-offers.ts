import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchOffers } from '../../use-cases/driver-presence';

export const handler = httpHandler(contract.fetchOffers, ({ account }) => fetchOffers(deps, account));
