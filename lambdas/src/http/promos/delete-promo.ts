import * as contract from '../../../../shared/src/contract/promos';
import { promos } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deletePromo } from '../../use-cases/delete-promo';

const deps = { promos };

export const handler = httpHandler(contract.deletePromo, ({ account, params, query }) => deletePromo(deps, account, params.id, query.version));
