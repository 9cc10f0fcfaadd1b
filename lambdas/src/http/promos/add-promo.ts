import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addPromo } from '../../use-cases/add-promo';

export const handler = httpHandler(contract.addPromo, ({ account, body }) => addPromo(deps, account, body));
