import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deletePromo } from '../../use-cases/delete-promo';

export const handler = httpHandler(contract.deletePromo, ({ account, params, query }) => deletePromo(deps, account, params.id, query.version));
