import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updatePromo } from '../../use-cases/update-promo';

export const handler = httpHandler(contract.updatePromo, ({ account, params, body }) => updatePromo(deps, account, params.id, body));
