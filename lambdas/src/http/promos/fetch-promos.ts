import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchPromos } from '../../use-cases/fetch-promos';

export const handler = httpHandler(contract.fetchPromos, () => fetchPromos(deps));
