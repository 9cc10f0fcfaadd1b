import * as contract from '../../../../shared/src/contract/promos';
import { promos } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchPromos } from '../../use-cases/fetch-promos';

const deps = { promos };

export const handler = httpHandler(contract.fetchPromos, () => fetchPromos(deps));
