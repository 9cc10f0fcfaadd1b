import * as contract from '../../../../shared/src/contract/promos';
import { promos } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updatePromo } from '../../use-cases/update-promo';

const deps = { promos };

export const handler = httpHandler(contract.updatePromo, ({ account, params, body }) => updatePromo(deps, account, params.id, body));
